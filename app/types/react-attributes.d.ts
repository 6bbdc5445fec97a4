import "react";

declare module "react" {
  // React 18 passes lowercase unknown attributes through but its types do not list fetchpriority yet.
  interface ImgHTMLAttributes<T> extends HTMLAttributes<T> {
    fetchpriority?: "high" | "low" | "auto";
  }
}
