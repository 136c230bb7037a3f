// Unknown routes and notFound() from pages (e.g. an experiment id that is not in the store).
import Link from "next/link";

export default function NotFound() {
  return (
    <main>
      <h1>Not found</h1>
      <p className="muted">There is nothing at this address. The experiment or page may have been removed, or the link is mistyped.</p>
      <p>
        <Link href="/experiments">Back to experiments</Link>
      </p>
    </main>
  );
}
