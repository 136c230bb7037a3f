// The home page is the experiments list; /experiments itself sends strangers to sign in.
import { redirect } from "next/navigation";

export default function HomePage() {
  redirect("/experiments");
}
