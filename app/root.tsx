import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { data } from "@remix-run/cloudflare";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useFetchers,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { rememberLang } from "~/auth/profile.server";
import { ErrorPage } from "~/components/error-page";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { Toaster } from "~/components/toaster";
import { cartPreview } from "~/cart/cart.server";
import { FloatingCart } from "~/components/floating-cart";
import { errorMessages } from "~/i18n/errors.messages";
import { messagesFor } from "~/i18n/texts";
import { brandName, englishOnly, isActionOf, LANGS, langOfPath, pathInLang, productName, type Lang } from "~/i18n/lang";
import { unreadCount } from "~/notifications/notifications.server";
import { appCookies } from "~/web/cookies.server";
import { useNonce } from "~/web/csp";
import { readFlash } from "~/web/flash.server";
import { textsFor, textsUrl, messagesOf, type SiteData } from "~/web/site";
import { readTheme, type Theme } from "~/web/theme.server";
import { LATE_MODULES_BOOT } from "~/web/late-modules";
import stylesheet from "./tailwind.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/media/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/media/apple-touch-icon.png" },
];

export const meta: MetaFunction<typeof loader> = ({ error, data }) => {
  const themeColor = { name: "theme-color", content: "#164c68" };
  if (!error) return [themeColor];
  // Only the root boundary renders a failed page, so the root names it.
  const m = data ? messagesOf(data) : errorMessages;
  const heading = isRouteErrorResponse(error) && error.status === 404 ? m.notFound.heading : m.error.heading;
  return [themeColor, { title: `${heading} | ${data?.site.brand ?? "Godavari Pulasa"}` }, { name: "robots", content: "noindex" }];
};

export async function loader({ request, context: { deps, sessionPage, dataRequest = false } }: LoaderFunctionArgs) {
  const [theme, { flash, clear }] = await Promise.all([readTheme(request), readFlash(request, deps)]);
  const signedIn = deps.user;
  // A shopper page opened in the other language becomes the account's language (its notices and mails follow).
  if (signedIn && !englishOnly(new URL(request.url).pathname)) await rememberLang(deps, signedIn, deps.lang);
  const user = signedIn ? { name: signedIn.name, isAdmin: signedIn.isAdmin } : null;
  // Admins have no cart: their count is 0 and the header hides the Cart button.
  const preview = signedIn && !signedIn.isAdmin ? await cartPreview(deps, signedIn.id, sessionPage?.cart) : null;
  const summaryClosed = preview ? (await appCookies(deps.config).cartSummaryClosed.parse(request.headers.get("Cookie"))) === "1" : true;
  // The load context read the cart and the notices with the session, in one round trip, for a page.
  const unread = signedIn ? (sessionPage?.unread ?? (await unreadCount(deps, signedIn.id))) : 0;
  const { supportEmail, supportPhone, whatsapp, socialHandle, features } = deps.config;
  const product = productName(deps.config, deps.lang);
  const brand = brandName(deps.config, deps.lang);
  const messages = messagesFor(deps);
  const site: SiteData = {
    site: { product, brand, supportEmail, supportPhone, whatsapp, socialHandle, features, googleSignIn: deps.config.google !== null },
    lang: deps.lang,
    messages: textsFor(request, messages, deps.lang, dataRequest),
    texts: textsUrl(messages, deps.lang),
    origin: deps.origin,
    theme,
    flash,
    user,
    cartCount: preview?.items ?? 0,
    cartPreview: summaryClosed ? null : preview,
    unreadNotifications: unread,
  };
  return data(site, clear ? { headers: { "Set-Cookie": clear } } : undefined);
}

/** The catalogue comes with the root's data, so moving between the languages loads the root's data again. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  langOfPath(currentUrl.pathname) !== langOfPath(nextUrl.pathname) || defaultShouldRevalidate;

/**
 * The page's address in each language (hreflang alternates, for search engines) and its canonical address in
 * its own, without the query string; English-only pages have neither alternate.
 */
function LanguageLinks({ origin, lang }: { origin: string; lang: Lang }) {
  const { pathname } = useLocation();
  if (englishOnly(pathname)) return null;
  return (
    <>
      <link rel="canonical" href={origin + pathInLang(pathname, lang)} />
      {LANGS.map((to) => (
        <link key={to} rel="alternate" hrefLang={to} href={origin + pathInLang(pathname, to)} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={origin + pathInLang(pathname, "en")} />
    </>
  );
}

/** The theme being applied: a pending theme change shows at once, before the server answers. */
function useTheme(fallback: Theme): Theme {
  const pending = useFetchers()
    .find((f) => isActionOf(f.formAction, "/theme"))
    ?.formData?.get("theme");
  return pending === "light" || pending === "dark" || pending === "system" ? pending : fallback;
}

export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const { pathname } = useLocation();
  const theme = useTheme(root?.theme ?? "system");
  const nonce = useNonce();
  return (
    <html
      lang={root?.lang ?? langOfPath(pathname)}
      data-texts={root?.texts}
      className={theme === "light" ? "" : theme}
      style={{ colorScheme: theme === "system" ? "light dark" : theme }}
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        <link rel="manifest" href={(root?.lang ?? langOfPath(pathname)) === "te" ? "/manifest.webmanifest?lang=te" : "/manifest.webmanifest"} />
        {root ? <LanguageLinks origin={root.origin} lang={root.lang} /> : null}
      </head>
      <body className="flex min-h-screen flex-col bg-river-50 text-slate-900 antialiased dark:bg-river-950 dark:text-slate-100">
        {children}
        <ScrollRestoration nonce={nonce} />
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: LATE_MODULES_BOOT }} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const root = useRouteLoaderData<typeof loader>("root");
  return (
    <>
      <SiteHeader />
      <FloatingCart preview={root?.cartPreview ?? null} />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter />
      <Toaster />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const root = useRouteLoaderData<typeof loader>("root");
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const kind = status === 404 ? "notFound" : status === 413 ? "tooLarge" : "error";
  if (kind === "error") console.error(error);
  const page = <ErrorPage kind={kind} />;
  // Without root data (the root loader itself failed) the page still renders, just without header and footer.
  if (!root) return page;
  return (
    <>
      <SiteHeader />
      <main id="main" className="flex-1">
        {page}
      </main>
      <SiteFooter />
      <Toaster />
    </>
  );
}
