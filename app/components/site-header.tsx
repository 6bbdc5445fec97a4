import { Link, NavLink, useLocation } from "@remix-run/react";
import { ThemeMenu } from "~/components/theme-menu";
import { useMessages, useSite } from "~/web/site";

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

export function SiteHeader() {
  const m = useMessages().nav;
  const { site } = useSite();
  const { main, account } = useNavItems();
  const { pathname } = useLocation();
  return (
    <header className="sticky top-0 z-40 border-b border-river-100 bg-white/95 backdrop-blur dark:border-river-800 dark:bg-river-950/95">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-3 focus:rounded focus:bg-gold-300 focus:px-3 focus:py-2 focus:text-river-950">
        {m.skipToContent}
      </a>
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4">
        <Link to="/" className="flex items-center gap-2 font-serif text-lg font-bold text-river-800 dark:text-white" prefetch="intent">
          <img src="/media/logo.svg" alt="" width="36" height="36" className="h-9 w-9" />
          <span>{site.brand}</span>
        </Link>
        <nav aria-label={m.mainNavigation} className="ml-auto hidden items-center gap-1 md:flex">
          {[...main, ...account].map((item) => (
            <NavLink key={item.to} to={item.to} end={"end" in item} className={linkClass} prefetch="intent">
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center md:ml-2">
          <ThemeMenu idSuffix="bar" />
          <details key={pathname} className="group md:hidden">
            <summary className="flex h-11 cursor-pointer items-center gap-2 rounded-full px-3 text-sm font-semibold hover:bg-river-100 dark:hover:bg-river-800">
              <span aria-hidden="true" className="text-lg group-open:hidden">
                ☰
              </span>
              <span aria-hidden="true" className="hidden text-lg group-open:inline">
                ✕
              </span>
              {m.menu}
            </summary>
            <nav
              aria-label={`${m.mainNavigation} (${m.menu})`}
              className="absolute inset-x-0 top-16 border-b border-river-100 bg-white px-4 pb-4 shadow-lg dark:border-river-800 dark:bg-river-950"
            >
              <ul className="flex flex-col">
                {[...main, ...account].map((item) => (
                  <li key={item.to}>
                    <NavLink to={item.to} end={"end" in item} className={({ isActive }) => `${linkClass({ isActive })} block py-3`}>
                      {item.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
          </details>
        </div>
      </div>
    </header>
  );
}
