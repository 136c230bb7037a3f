// Where requireUser() sends signed-in users whose role is too low (forbidden() needs an experimental flag).
import Link from "next/link";
import { ROLES, type Role } from "@/lib/domain/vocabulary";

interface Props {
  searchParams: Promise<{ need?: string }>;
}

export default async function ForbiddenPage({ searchParams }: Props) {
  const { need } = await searchParams;
  const role = ROLES.includes(need as Role) ? need : null;
  return (
    <main className="card">
      <h1>Not allowed</h1>
      <p className="error" role="alert">
        {role ? `This page needs the role ${role}.` : "Your role does not allow this page."} Ask an admin if you need access.
      </p>
      <p>
        <Link href="/experiments">Back to experiments</Link>
      </p>
    </main>
  );
}
