import type { ReactNode } from "react";
import { useLocation } from "@remix-run/react";
import { Link, NavLink } from "~/components/link";
import { NotificationBell } from "~/components/notification-bell";
import { ThemeMenu } from "~/components/theme-menu";
import { format } from "~/i18n/format";
import { englishOnly, pathInLang } from "~/i18n/lang";
import { useLang, useMessages, useSite } from "~/web/site";
import { useOptimisticCartCount } from "~/cart/use-cart-count";
import { LineIcon } from "./line-icon";
import { LogoutButton } from "./logout-button";
import { TeluguWord } from "./telugu-word";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-full px-3 py-2 text-sm font-medium transition hover:bg-river-100 dark:hover:bg-river-800 ${
    isActive ? "text-river-700 dark:text-gold-300" : "text-slate-700 dark:text-slate-200"
  }`;

function useNavItems() {
  const m = useMessages().nav;
  const { site, user } = useSite();
  const main = [
    { to: "/", label: m.home, end: true },
    { to: "/blogs", label: m.blogs },
    { to: "/products", label: m.freshCatch },
    ...(site.features.auctions ? [{ to: "/auctions", label: m.auctions }] : []),
  ];
  const account = user
    ? user.isAdmin
      ? [
          { to: "/admin-dashboard", label: m.adminDashboard },
          { to: "/admin-dashboard/catch", label: m.adminCatch },
          { to: "/profile", label: m.profile },
        ]
      : [
          { to: "/profile", label: m.profile },
          { to: "/orders", label: m.myOrders },
        ]
    : [
        { to: "/login", label: m.login },
        { to: "/signup", label: m.signUp },
      ];
  return { main, account };
}

function UserBadges() {
  const { user, cartCount: serverCartCount } = useSite();
  const cartCount = useOptimisticCartCount(serverCartCount);
  const m = useMessages();
  if (!user) return null;
  return (
    <>
      <NotificationBell />
      {!user.isAdmin ? (
        <Link
          to="/cart"
          className="relative flex h-11 items-center gap-1 rounded-full px-2 text-sm font-semibold hover:bg-river-100 dark:hover:bg-river-800 sm:px-3"
        >
          <LineIcon>
            <circle cx="9" cy="20" r="1.5" />
            <circle cx="18" cy="20" r="1.5" />
            <path d="M2.5 3h2.7l2.4 11.4a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 1.9-1.5L21 7H6" />
          </LineIcon>
          {/* The name is what is shown ('Cart', the count) plus 'items' for screen readers. */}
          <span className="sr-only sm:not-sr-only">{m.nav.cart} </span>
          <span className="rounded-full bg-gold-400 px-2 text-xs font-bold text-river-950">
            <span className="sr-only">{format(cartCount === 1 ? m.auth.cartItem : m.auth.cartItems, { n: cartCount })}</span>
            <span aria-hidden="true">{cartCount}</span>
          </span>
        </Link>
      ) : null}
    </>
  );
}

export function SiteHeader() {
  const m = useMessages().nav;
  const { site, user } = useSite();
  const { main, account } = useNavItems();
  const { pathname } = useLocation();
  const items = [...main, ...account];
  return (
    <header className="sticky top-0 z-40 border-b border-river-100 bg-white/95 backdrop-blur dark:border-river-800 dark:bg-river-950/95">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-3 focus:rounded focus:bg-gold-300 focus:px-3 focus:py-2 focus:text-river-950"
      >
        {m.skipToContent}
      </a>
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-1 px-2 min-[380px]:gap-2 sm:px-4">
        <Link to="/" className="flex shrink-0 items-center gap-2 font-serif text-lg font-bold text-river-800 dark:text-white" prefetch="intent">
          <img src="/media/logo.svg" alt="" width="36" height="36" className="h-8 w-8 min-[380px]:h-9 min-[380px]:w-9" />
          {/* Two lines on a small phone so the bell, cart, theme and menu keep their room beside it. */}
          <span className="max-w-[6.5rem] text-base leading-tight min-[420px]:max-w-none min-[420px]:text-lg">{site.brand}</span>
        </Link>
        <nav aria-label={m.mainNavigation} className="ml-auto hidden items-center gap-1 lg:flex">
          {items.map((item) => (
            <NavLink key={item.to} to={item.to} end={"end" in item} className={linkClass} prefetch="intent">
              {item.label}
            </NavLink>
          ))}
          {user ? <LogoutButton className={linkClass({ isActive: false })} /> : null}
        </nav>
        <div className="ml-auto flex items-center lg:ml-2">
          <LanguageLink />
          <UserBadges />
          <ThemeMenu idSuffix="bar" />
          <details key={pathname} className="group lg:hidden">
            <summary className="flex h-11 cursor-pointer items-center gap-2 rounded-full px-2.5 text-sm font-semibold sm:px-3 hover:bg-river-100 dark:hover:bg-river-800">
              <span aria-hidden="true" className="text-lg group-open:hidden">
                ☰
              </span>
              <span aria-hidden="true" className="hidden text-lg group-open:inline">
                ✕
              </span>
              <span className="sr-only sm:not-sr-only">{m.menu}</span>
            </summary>
            <nav
              aria-label={`${m.mainNavigation} (${m.menu})`}
              className="absolute inset-x-0 top-16 border-b border-river-100 bg-white px-4 pb-4 shadow-lg dark:border-river-800 dark:bg-river-950"
            >
              <ul className="flex flex-col">
                {items.map((item) => (
                  <li key={item.to}>
                    <NavLink to={item.to} end={"end" in item} className={({ isActive }) => `${linkClass({ isActive })} block py-3`}>
                      {item.label}
                    </NavLink>
                  </li>
                ))}
                {user ? (
                  <li>
                    <LogoutButton className={`${linkClass({ isActive: false })} block w-full py-3 text-left`} />
                  </li>
                ) : null}
                <LanguageLink inMenu />
              </ul>
            </nav>
          </details>
        </div>
      </div>
    </header>
  );
}

/**
 * The same page in the other language: a plain link (no JavaScript needed) that keeps the query string, named
 * in the language it leads to. In the bar from 400 px up (its first letters below `sm`); on a narrower phone it
 * is the menu's last entry, where there is room for the word.
 */
function LanguageLink({ inMenu = false }: { inMenu?: boolean }) {
  const { lang } = useLang();
  const { pathname, search } = useLocation();
  const to = lang === "te" ? "en" : "te";
  if (englishOnly(pathname)) return null;
  const word = to === "te" ? "తెలుగు" : "English";
  const link = (className: string, label: ReactNode) => (
    <a href={`${pathInLang(pathname, to)}${search}`} hrefLang={to} lang={to} className={className}>
      {label}
    </a>
  );
  if (inMenu) return <li className="min-[400px]:hidden">{link(`${linkClass({ isActive: false })} block py-3`, word)}</li>;
  return link(
    "hidden h-11 items-center rounded-full px-1.5 text-sm font-semibold hover:bg-river-100 dark:hover:bg-river-800 min-[400px]:flex sm:px-3",
    // Drawn, not set in type, on the English pages: a Telugu font would be downloaded for this one word.
    to === "te" ? (
      <>
        <span className="sm:hidden">
          <TeluguWord word="short" />
        </span>
        <span className="hidden sm:inline">
          <TeluguWord word="full" />
        </span>
      </>
    ) : (
      <>
        <span className="sm:hidden">EN</span>
        <span className="hidden sm:inline">{word}</span>
      </>
    ),
  );
}
