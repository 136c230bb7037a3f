// Where a user lands after signing in (by password or one-time link) and where a signed-in visitor of the
// sign-in page is sent: the home page (app/page.tsx), with what runs, what waits for review and an orientation.
export const LANDING_PATH = "/";
