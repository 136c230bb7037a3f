// A POST to a page is a server action or a form posted without JavaScript. Next's action handler answers
// a body it cannot parse with a 500; this answers it with a 400 that says why, before Next sees it.
const FORM_TYPES = ["multipart/form-data", "application/x-www-form-urlencoded"];

export async function refuseMalformedPagePost(request: Request): Promise<Response | null> {
  if (request.method !== "POST") return null;
  const type = (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (!FORM_TYPES.includes(type)) return null;
  try {
    await request.clone().formData();
    return null;
  } catch {
    return Response.json({ error: `body: not valid ${type}` }, { status: 400 });
  }
}
