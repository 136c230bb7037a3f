// Types of normal-path.mjs (plain JavaScript, so that serve-http.mjs can load it as is).
export declare function normalPathname(raw: string): string | null;
