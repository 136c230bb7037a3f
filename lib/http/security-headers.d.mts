// Types of security-headers.mjs (plain JavaScript, so that next.config.js can import it).
export declare const COMMON_HEADERS: { key: string; value: string }[];
export declare const API_CONTENT_SECURITY_POLICY: string;
export declare const HSTS: { key: string; value: string };
export declare function apiSecurityHeaders(forwardedProto: string | undefined): Record<string, string>;
