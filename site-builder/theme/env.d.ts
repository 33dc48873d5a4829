/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** The blog being rendered; absent when the host or slug matches no blog. */
    site?: import("./lib/site.ts").Site;
  }
}
