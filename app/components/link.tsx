import { Form as RemixForm, Link as RemixLink, NavLink as RemixNavLink, type FormProps, type LinkProps, type NavLinkProps } from "@remix-run/react";
import { forwardRef } from "react";
import { useLang } from "~/web/site";

/**
 * Remix's Link, NavLink and Form, in the page's language: an English path (`/products`) leads to the same
 * page in the language being read (`/te/products` on a Telugu page). Every shopper page links through these,
 * so a link never drops the reader back into English. Paths without a Telugu twin are left as they are.
 */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link({ to, ...props }, ref) {
  const { l } = useLang();
  return <RemixLink ref={ref} to={typeof to === "string" ? l(to) : to} {...props} />;
});

export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink({ to, ...props }, ref) {
  const { l } = useLang();
  return <RemixNavLink ref={ref} to={typeof to === "string" ? l(to) : to} {...props} />;
});

export const Form = forwardRef<HTMLFormElement, FormProps>(function Form({ action, ...props }, ref) {
  const { l } = useLang();
  return <RemixForm ref={ref} action={action === undefined ? undefined : l(action)} {...props} />;
});
