// "usable" / "not usable" for a GRPO group, the same colours wherever a group's verdict appears, with what
// "usable" means on hover and focus.
import { Badge } from "@/components/ui/badge";
import { Term } from "@/components/ui/term";

export function UsabilityBadge({ usable }: { usable: boolean }) {
  return (
    <Badge tone={usable ? "success" : "neutral"}>
      <Term term="usableGroup">{usable ? "usable" : "not usable"}</Term>
    </Badge>
  );
}
