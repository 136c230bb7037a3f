// "usable" / "not usable" for a GRPO group, the same colours wherever a group's verdict appears.
import { Badge } from "@/components/ui/badge";

export function UsabilityBadge({ usable }: { usable: boolean }) {
  return <Badge tone={usable ? "success" : "neutral"}>{usable ? "usable" : "not usable"}</Badge>;
}
