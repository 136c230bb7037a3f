// The address of the harness comparison page, built from ids (never from model text) so ids holding ":",
// "/", spaces or "%" survive the round trip. The lead may move this into lib/http/page-links.ts.
export const harnessComparePath = (baseVersionId: string, candidateVersionId: string) =>
  `/harness-versions/compare?base=${encodeURIComponent(baseVersionId)}&candidate=${encodeURIComponent(candidateVersionId)}`;
