import { POLICY_PATHS, type PolicyPath } from "~/content/policies/paths";
import { InstallCard } from "~/components/install-card";
import { Link } from "~/components/link";
import { socialLink, whatsappLink } from "~/lib/phone";
import { useMessages, useSite } from "~/web/site";

function digits(value: string) {
  return value.replace(/[^\d+]/g, "");
}

export function SiteFooter() {
  const m = useMessages();
  const f = m.footer;
  const { site } = useSite();
  const quick = [
    { to: "/", label: m.nav.home },
    { to: "/products", label: m.nav.freshCatch },
    { to: "/blogs", label: m.nav.blogs },
    ...(site.features.auctions ? [{ to: "/auctions", label: m.nav.auctions }] : []),
  ];
  const labels: Record<PolicyPath, string> = {
    "/help-support": f.helpSupport,
    "/delivery-info": f.deliveryInfo,
    "/returns-refunds": f.returnsRefunds,
    "/terms-conditions": f.terms,
    "/privacy-policy": f.privacy,
  };
  const care = POLICY_PATHS.map((to) => ({ to, label: labels[to] }));
  const heading = "text-sm font-semibold uppercase tracking-wider text-gold-300";
  const item = "text-river-100 hover:text-white hover:underline underline-offset-4";
  const linkList = (links: { to: string; label: string }[]) => (
    <ul className="mt-4 space-y-2 text-sm">
      {links.map((l) => (
        <li key={l.to}>
          <Link to={l.to} className={item}>
            {l.label}
          </Link>
        </li>
      ))}
    </ul>
  );
  return (
    <footer className="bg-river-900 text-river-100 dark:bg-black/40">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="flex items-center gap-2 font-serif text-xl font-bold text-white">
            <img src="/media/logo.svg" alt="" width="32" height="32" className="h-8 w-8" />
            {site.brand}
          </p>
          <p className="mt-3 text-sm leading-relaxed">{f.tagline}</p>
          <ul className="mt-4 flex flex-wrap gap-2" aria-label={f.badges}>
            {[f.badgeBestSeafood, f.badgeCertifiedFresh, f.badgeColdChain].map((b) => (
              <li key={b} className="badge border border-gold-400/60 text-gold-200">
                {b}
              </li>
            ))}
          </ul>
        </div>
        <nav aria-label={f.quickLinks}>
          <h2 className={heading}>{f.quickLinks}</h2>
          {linkList(quick)}
          <h2 className={`${heading} mt-8`}>{f.customerCare}</h2>
          {linkList(care)}
        </nav>
        <div>
          <h2 className={heading}>{f.contact}</h2>
          <dl className="mt-4 space-y-3 text-sm">
            <div>
              <dt className="text-river-300">{f.whatsapp}</dt>
              <dd>
                <a className={item} href={whatsappLink(site.whatsapp)} rel="noopener">
                  {site.whatsapp}
                </a>
              </dd>
            </div>
            <div>
              <dt className="text-river-300">{f.phone}</dt>
              <dd>
                <a className={item} href={`tel:${digits(site.supportPhone)}`}>
                  {site.supportPhone}
                </a>
              </dd>
            </div>
            <div>
              <dt className="text-river-300">{f.email}</dt>
              <dd>
                <a className={item} href={`mailto:${site.supportEmail}`}>
                  {site.supportEmail}
                </a>
              </dd>
            </div>
            <div>
              <dt className="text-river-300">{f.follow}</dt>
              <dd>
                <a className={item} href={socialLink(site.socialHandle)} rel="noopener">
                  {site.socialHandle}
                </a>
              </dd>
            </div>
          </dl>
        </div>
        <div>
          <InstallCard />
          <p className="mt-4 text-xs text-river-300">{f.servingAreas}</p>
        </div>
      </div>
      <p className="border-t border-river-800 py-5 text-center text-xs text-river-300">
        © {new Date().getFullYear()} {site.brand}. {f.rights}
      </p>
    </footer>
  );
}
