// The details key under which the store keeps a joining result's attempt. Its own tiny module so that
// readers of stored details (the viewer, in the browser) can hide it without loading the event schemas.

/** Where the store keeps a joining result's attempt inside its details (no column of its own); the export gives it back as `attempt`. */
export const JOIN_ATTEMPT_KEY = "join_attempt";
