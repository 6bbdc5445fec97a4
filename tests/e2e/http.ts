import { request } from "node:http";
import { expect } from "vitest";
import { baseUrl } from "./browser";

/** The development admin the seed makes (local only). */
export const ADMIN = { email: "admin@pulasa.local", password: "pulasa-admin-local" };

const randomAddress = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

/** A same-origin form post over HTTP, its redirect not followed. */
export function post(path: string, form: Record<string, string> | FormData, headers: Record<string, string> = {}) {
  const body = form instanceof FormData ? form : new URLSearchParams(form);
  return fetch(`${baseUrl()}${path}`, {
    method: "POST",
    redirect: "manual",
    // Its own client address per request, so the login limits of other tests never answer 429 here.
    headers: {
      Origin: baseUrl(),
      ...(form instanceof FormData ? {} : { "Content-Type": "application/x-www-form-urlencoded" }),
      "CF-Connecting-IP": randomAddress(),
      ...headers,
    },
    body,
  });
}

/**
 * A form post as a browser without JavaScript sends it (Node's fetch adds `Sec-Fetch-Mode: cors`, which the
 * theme action reads as a fetcher).
 */
export function navigationPost(path: string, form: Record<string, string>): Promise<{ status: number; location: string | null }> {
  const body = new URLSearchParams(form).toString();
  return new Promise((resolve, reject) => {
    const headers = {
      Origin: baseUrl(),
      "Content-Type": "application/x-www-form-urlencoded",
      "Content-Length": Buffer.byteLength(body),
      "CF-Connecting-IP": randomAddress(),
    };
    const req = request(`${baseUrl()}${path}`, { method: "POST", headers }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, location: res.headers.location ?? null });
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** Signs someone in through the login form; returns the raw value of their session cookie. */
export async function sessionOf(who: { email: string; password: string }): Promise<string> {
  const res = await post("/login", who);
  expect(res.status).toBe(302);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("__session="));
  return cookie!.split(";")[0].slice("__session=".length);
}
