/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** The blog being rendered; absent when the host or slug matches no blog. */
    site?: import("./lib/site.ts").Site;
    /** The home link of a not-found page, relative to where it is served (default "/"). */
    homeHref?: string;
  }
}
