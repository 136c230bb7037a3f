// Every way to change the lab must check who is asking. This test finds the ways by itself — every
// route handler under app/ and every "use server" module — so a new route or action that forgets
// its guard fails the build instead of shipping. Exceptions live in the allow-lists below, each
// with the reason it is safe.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

const env = vi.hoisted(() => {
  // Route handlers and actions call getStore(); point it at a throwaway database before any import.
  const nodeFs = require("node:fs") as typeof import("node:fs");
  const nodeOs = require("node:os") as typeof import("node:os");
  const nodePath = require("node:path") as typeof import("node:path");
  const dir = nodeFs.mkdtempSync(nodePath.join(nodeOs.tmpdir(), "harness-lab-guard-"));
  process.env.HARNESS_LAB_DB = nodePath.join(dir, "guard.db");
  delete process.env.HARNESS_LAB_ADMIN_TOKEN;
  return { dir };
});

vi.mock("next/headers", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  cookies: async () => ({ get: () => undefined, getAll: () => [], has: () => false, set: () => undefined, delete: () => undefined }),
  headers: async () => new Headers(),
}));
vi.mock("next/navigation", async (importOriginal) => {
  const interrupt = (what: string) => () => {
    throw Object.assign(new Error(what), { digest: what });
  };
  return {
    ...(await importOriginal<object>()),
    redirect: (url: string) => {
      throw Object.assign(new Error(`NEXT_REDIRECT ${url}`), { digest: `NEXT_REDIRECT;replace;${url};307;`, redirectTo: url });
    },
    permanentRedirect: (url: string) => {
      throw Object.assign(new Error(`NEXT_REDIRECT ${url}`), { digest: `NEXT_REDIRECT;replace;${url};308;`, redirectTo: url });
    },
    notFound: interrupt("NEXT_HTTP_ERROR_FALLBACK;404"),
    forbidden: interrupt("NEXT_HTTP_ERROR_FALLBACK;403"),
    unauthorized: interrupt("NEXT_HTTP_ERROR_FALLBACK;401"),
  };
});
vi.mock("next/cache", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  revalidatePath: () => undefined,
  revalidateTag: () => undefined,
  updateTag: () => undefined,
  refresh: () => undefined,
}));

import { closeStore, getStore } from "@/db/client";
import { createApiToken } from "@/lib/services/auth/api-tokens";
import { actionGuardOf } from "@/lib/services/auth/guarded-action";

const ROOT = path.resolve(__dirname, "..");
const MUTATING_METHODS = ["POST", "PUT", "PATCH", "DELETE"] as const;

/** "METHOD app/…/route.ts" → why it may answer without credentials, and what it must answer instead. */
const UNAUTHENTICATED_ROUTES: Record<string, { reason: string; expect: (response: Response) => void }> = {
  "POST app/sign-out/route.ts": {
    reason: "signing out without a session deletes nothing; it only clears the cookie and redirects to /sign-in",
    expect: (response) => {
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe("/sign-in");
    },
  },
  "POST app/api/v1/session/route.ts": {
    reason: "signing in is how a session starts (the sign-in form's function as JSON); without a correct pair it creates nothing",
    expect: (response) => {
      expect([400, 401, 415]).toContain(response.status);
      expect(response.headers.get("set-cookie")).toBeNull();
    },
  },
};

/** GET routes reachable without credentials (reads need a session or token too). */
const PUBLIC_READ_ROUTES: Record<string, string> = {
  "GET app/sign-in/link/route.ts": "the one-time link is the credential; an unknown token only redirects to /sign-in?error=link",
  "GET app/api/v1/openapi.json/route.ts": "the API's description holds no data, and SDK generators fetch it without a token",
};

/** "file#export" of actions built with publicAction, and why no session is needed. */
const PUBLIC_ACTIONS: Record<string, string> = {
  "app/sign-in/actions.ts#signInAction": "signing in is how a session starts; it succeeds only for a correct username and password",
};

// ---------- discovery ----------

function sourceFiles(dir: string): string[] {
  const absolute = path.join(ROOT, dir);
  if (!fs.existsSync(absolute)) return [];
  return (fs.readdirSync(absolute, { recursive: true }) as string[])
    .map((relative) => path.join(dir, relative).split(path.sep).join("/"))
    .filter((file) => /\.(ts|tsx|js|jsx|mjs)$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.includes("node_modules/"));
}

/** A top-level directive: the first statement of the file, after comments. */
function hasTopLevelUseServer(source: string): boolean {
  const body = source.replace(/^\uFEFF/, "").replace(/^(\s+|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)*/, "");
  return /^(['"])use server\1/.test(body);
}

const DIRECTIVE_LINE = /^\s*(['"])use server\1;?\s*$/m;

const appFiles = sourceFiles("app");
const serverFiles = [...appFiles, ...sourceFiles("components"), ...sourceFiles("lib")];
const routeFiles = appFiles.filter((file) => /\/route\.(ts|js|mjs)$/.test(file));
const actionFiles = serverFiles.filter((file) => hasTopLevelUseServer(fs.readFileSync(path.join(ROOT, file), "utf8")));
const inlineActionFiles = serverFiles.filter((file) => {
  const source = fs.readFileSync(path.join(ROOT, file), "utf8");
  return !hasTopLevelUseServer(source) && DIRECTIVE_LINE.test(source);
});

/** app/api/v1/runs/[id]/route.ts → /api/v1/runs/test-id, params { id: "test-id" } */
function routeTarget(file: string): { url: string; params: Record<string, string | string[]> } {
  const params: Record<string, string | string[]> = {};
  const segments = file
    .replace(/^app\//, "")
    .replace(/\/?route\.\w+$/, "")
    .split("/")
    .filter((segment) => segment && !/^\(.*\)$/.test(segment) && !segment.startsWith("@"))
    .map((segment) => {
      const catchAll = /^\[\[?\.\.\.(\w+)\]\]?$/.exec(segment);
      if (catchAll) return (params[catchAll[1]] = ["test"]).join("/");
      const dynamic = /^\[(\w+)\]$/.exec(segment);
      if (dynamic) return (params[dynamic[1]] = "test-id");
      return segment;
    });
  return { url: `http://localhost:3000/${segments.join("/")}`, params };
}

type Handler = (request: Request, context: { params: Promise<Record<string, string | string[]>> }) => Promise<Response> | Response;

async function handlersOf(file: string): Promise<Record<string, Handler>> {
  const mod = (await import(/* @vite-ignore */ path.join(ROOT, file))) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(mod).filter(([name, value]) => /^[A-Z]+$/.test(name) && typeof value === "function")) as Record<string, Handler>;
}

function call(file: string, handler: Handler, method: string, headers: Record<string, string> = {}) {
  const { url, params } = routeTarget(file);
  const hasBody = method !== "GET" && method !== "HEAD";
  const request = new Request(url, {
    method,
    headers: { "content-type": "application/json", ...headers },
    body: hasBody ? "{}" : undefined,
  });
  return handler(request, { params: Promise.resolve(params) });
}

/** Rows in every table: a refused request must not have written anything. */
function rowCounts(): Record<string, number> {
  const { sqlite } = getStore();
  const tables = sqlite
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%'")
    .all() as { name: string }[];
  return Object.fromEntries(tables.map(({ name }) => [name, (sqlite.prepare(`SELECT count(*) AS n FROM "${name}"`).get() as { n: number }).n]));
}

// ---------- the checks ----------

let readOnlySecret = "";

beforeAll(() => {
  readOnlySecret = createApiToken(getStore(), { name: "read-only probe", scopes: ["read"], createdBy: null }).secret;
});

afterAll(() => {
  closeStore();
  fs.rmSync(env.dir, { recursive: true, force: true });
});

describe("discovery", () => {
  it("finds the known routes and action modules (so a broken glob cannot pass silently)", () => {
    expect(routeFiles).toContain("app/sign-out/route.ts");
    expect(routeFiles).toContain("app/sign-in/link/route.ts");
    expect(actionFiles).toContain("app/sign-in/actions.ts");
    expect(actionFiles).toContain("app/settings/actions.ts");
  });

  it("has no inline 'use server' functions (they cannot be checked; put them in an actions module)", () => {
    expect(inlineActionFiles).toEqual([]);
  });

  it("every allow-list entry still points at something that exists", async () => {
    for (const key of [...Object.keys(UNAUTHENTICATED_ROUTES), ...Object.keys(PUBLIC_READ_ROUTES)]) {
      const [method, file] = key.split(" ");
      expect(routeFiles, key).toContain(file);
      expect(Object.keys(await handlersOf(file)), key).toContain(method);
    }
    for (const key of Object.keys(PUBLIC_ACTIONS)) expect(actionFiles, key).toContain(key.split("#")[0]);
  });
});

describe.each(routeFiles)("route %s", (file) => {
  it("refuses mutating methods without credentials (401) and with a read-only token (401/403)", async () => {
    const handlers = await handlersOf(file);
    for (const method of MUTATING_METHODS) {
      const handler = handlers[method];
      if (!handler) continue;
      const key = `${method} ${file}`;
      const before = rowCounts();
      const anonymous = await call(file, handler, method);
      const allowed = UNAUTHENTICATED_ROUTES[key];
      if (allowed) {
        allowed.expect(anonymous);
      } else {
        expect(anonymous.status, `${key} without credentials`).toBe(401);
        const readOnly = await call(file, handler, method, { authorization: `Bearer ${readOnlySecret}` });
        expect([401, 403], `${key} with a read-only token`).toContain(readOnly.status);
      }
      expect(rowCounts(), `${key} must not write when refused`).toEqual(before);
    }
  });

  it("refuses reads without credentials unless the route is a listed public read", async () => {
    const handlers = await handlersOf(file);
    for (const method of ["GET", "HEAD"]) {
      const handler = handlers[method];
      const key = `${method} ${file}`;
      if (!handler || PUBLIC_READ_ROUTES[key]) continue;
      expect((await call(file, handler, method)).status, `${key} without credentials`).toBe(401);
    }
  });
});

const isSignInRedirect = (error: unknown) => {
  const digest = (error as { digest?: unknown } | null)?.digest;
  return typeof digest === "string" && /^NEXT_REDIRECT;[a-z]+;\/sign-in(\?[^;]*)?;/.test(digest);
};

describe.each(actionFiles)("server actions in %s", (file) => {
  it("are all built with guardedAction and refuse callers without a session", async () => {
    const mod = (await import(/* @vite-ignore */ path.join(ROOT, file))) as Record<string, unknown>;
    const exported = Object.entries(mod);
    expect(exported.length, `${file} exports no actions`).toBeGreaterThan(0);
    for (const [name, value] of exported) {
      const key = `${file}#${name}`;
      expect(typeof value, `${key}: a "use server" module may export only functions`).toBe("function");
      const guard = actionGuardOf(value);
      expect(guard, `${key} is not built with guardedAction()`).toBeDefined();
      if (guard?.kind === "public") expect(PUBLIC_ACTIONS[key], `${key} is a publicAction but not in PUBLIC_ACTIONS`).toBeDefined();

      const action = value as (...args: unknown[]) => Promise<unknown>;
      for (const args of [[], [null, new FormData()]]) {
        const before = rowCounts();
        let outcome: unknown;
        try {
          outcome = await action(...args);
        } catch (error) {
          expect(isSignInRedirect(error), `${key} threw instead of refusing: ${String(error)}`).toBe(true);
          continue;
        } finally {
          expect(rowCounts(), `${key} must not write without a session`).toEqual(before);
        }
        expect(outcome, `${key} succeeded without a session`).toMatchObject({ error: expect.any(String) });
        if (guard?.kind === "role") expect(outcome).toEqual({ error: "sign in first" });
      }
    }
  });
});
