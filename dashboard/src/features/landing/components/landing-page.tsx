import {
  ArrowRightIcon,
  CalendarClockIcon,
  CheckIcon,
  CreditCardIcon,
  GlobeIcon,
  Link2Icon,
  LogInIcon,
  ShieldCheckIcon,
  XIcon,
  ZapIcon,
} from "lucide-react";
import { useEffect } from "react";
import heroImage from "../../../assets/landing-hero.svg";
import qualityImage from "../../../assets/landing-quality.svg";
import { BrandMark } from "../../../components/brand-logo.tsx";
import { ThemeToggle } from "../../../components/theme-toggle.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { useMetaDescription } from "../../../lib/document-title.ts";

/** Every call to action starts sign-in. */
const signInUrl = "/api/login";
/** The free-trial calls to action start it at the sign-up form (decision 354). */
const signUpUrl = "/api/login?mode=sign-up";

export const landingTitle = "Blogfleet — AI blog platform: original posts, live in 60 seconds";
export const landingDescription =
  "Run unlimited blogs on your own domains from one dashboard. AI writes original, plagiarism-free, E-E-A-T-compliant posts, inserts affiliate links by keyword and publishes in about 60 seconds. Free trial, no credit card.";

/** The product's six claims. */
const instantWins = [
  {
    icon: ShieldCheckIcon,
    title: "Original, E-E-A-T-compliant posts",
    text: "Every post is written fresh and plagiarism-free, structured to show experience, expertise, authority and trust.",
  },
  {
    icon: ZapIcon,
    title: "Published in about 60 seconds",
    text: "Give a topic, review the draft, press publish. Your post is live on a fast static page about a minute later.",
  },
  {
    icon: Link2Icon,
    title: "Affiliate links by keyword",
    text: "Add a keyword and its affiliate URL once. Blogfleet links it in every post that mentions it, automatically.",
  },
  {
    icon: GlobeIcon,
    title: "Unlimited blogs, custom domains",
    text: "Start a new blog for every niche and put each one on its own domain. Switch between them in one click.",
  },
  {
    icon: CalendarClockIcon,
    title: "Scheduled posts",
    text: "Plan weeks of content ahead. Posts publish themselves at the time you pick, while you work on the next idea.",
  },
  {
    icon: CreditCardIcon,
    title: "Free trial, no credit card",
    text: "Try every feature free. No card, no commitment: create your first blog in the next two minutes.",
  },
] as const;

const differences = [
  {
    usual: "Hours of writing and editing for every single post",
    ours: "About 60 seconds from topic to published post",
  },
  {
    usual: "Generic AI text that readers and search engines skip",
    ours: "Original, plagiarism-free posts built for E-E-A-T",
  },
  {
    usual: "Affiliate links pasted by hand, and forgotten in old posts",
    ours: "Affiliate links inserted by keyword, in every post",
  },
  {
    usual: "One tool and one subscription per site",
    ours: "Unlimited blogs, each on its own custom domain",
  },
] as const;

const steps = [
  { title: "Create a blog", text: "Name it, pick a niche, and it gets its own address." },
  { title: "Let AI write", text: "Give a topic; get a structured, SEO-ready draft." },
  { title: "Publish or schedule", text: "Go live now or at the time you choose." },
] as const;

function CallToAction({ children, size = "lg" }: { children: string; size?: "lg" | "default" }) {
  return (
    <Button asChild size={size}>
      <a href={signUpUrl}>
        {children}
        <ArrowRightIcon aria-hidden="true" />
      </a>
    </Button>
  );
}

function SectionEyebrow({ children }: { children: string }) {
  return <p className="text-sm font-bold tracking-[0.18em] text-primary">{children}</p>;
}

/** The marketing page visitors see at '/'. */
export function LandingPage() {
  useEffect(() => {
    document.title = landingTitle;
  }, []);
  useMetaDescription(landingDescription);

  return (
    <div className="flex min-h-svh flex-col bg-background">
      <a
        href="#main"
        className="sr-only rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50"
      >
        Skip to content
      </a>

      <header className="sticky top-0 z-30 border-b bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6">
          <a href="/" className="flex items-center gap-2 rounded-md font-bold text-lg">
            <BrandMark />
            Blogfleet
          </a>
          <nav
            aria-label="Page sections"
            className="ml-6 hidden items-center gap-6 text-sm md:flex"
          >
            <a className="text-muted-foreground hover:text-foreground" href="#difference">
              Why Blogfleet
            </a>
            <a className="text-muted-foreground hover:text-foreground" href="#instant-wins">
              Features
            </a>
            <a className="text-muted-foreground hover:text-foreground" href="#free-trial">
              Free trial
            </a>
          </nav>
          <div className="ml-auto flex items-center gap-1 sm:gap-2">
            <ThemeToggle />
            <Button asChild variant="ghost" className="hidden sm:inline-flex">
              <a href={signInUrl}>Sign in</a>
            </Button>
            <CallToAction size="default">Start free</CallToAction>
          </div>
        </div>
      </header>

      <main id="main" className="flex-1">
        {/* Hero */}
        <section aria-labelledby="hero-title" className="relative overflow-hidden">
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-x-0 top-0 -z-0 h-[36rem] bg-[radial-gradient(ellipse_at_top,color-mix(in_oklch,var(--brand)_22%,transparent),transparent_65%)]"
          />
          <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-4 pt-14 pb-16 sm:px-6 lg:grid-cols-[1.05fr_1fr] lg:pt-20 lg:pb-24">
            <div className="space-y-7">
              <p className="inline-flex items-center gap-2 rounded-full border bg-card px-3 py-1 text-sm font-medium">
                <span className="size-2 rounded-full bg-success" aria-hidden="true" />
                AI blog platform
              </p>
              <h1
                id="hero-title"
                className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl"
              >
                Run a fleet of profitable blogs{" "}
                <span className="text-primary">from one dashboard</span>
              </h1>
              <p className="max-w-xl text-lg text-muted-foreground text-pretty">
                Blogfleet's AI writes original, E-E-A-T-compliant posts, links your affiliate
                programs by keyword and publishes each blog as a fast site on its own domain. A post
                goes from idea to live page in about 60 seconds.
              </p>
              <div className="flex flex-col gap-3 sm:flex-row">
                <CallToAction>Start your free trial</CallToAction>
                <Button asChild size="lg" variant="outline">
                  <a href={signInUrl}>
                    <LogInIcon aria-hidden="true" />
                    Sign in
                  </a>
                </Button>
              </div>
              <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm text-muted-foreground">
                {["No credit card required", "Unlimited blogs", "Your own domains"].map((item) => (
                  <li key={item} className="flex items-center gap-2">
                    <CheckIcon aria-hidden="true" className="size-4 text-success" />
                    {item}
                  </li>
                ))}
              </ul>
            </div>
            <div className="relative">
              <img
                src={heroImage}
                width={720}
                height={560}
                alt="The Blogfleet dashboard: post statistics, AI-written posts marked published, scheduled and draft, and an affiliate link inserted by keyword."
                className="mx-auto w-full max-w-xl drop-shadow-sm lg:max-w-none"
                fetchPriority="high"
              />
            </div>
          </div>
        </section>

        {/* Numbers */}
        <section aria-label="Blogfleet in numbers" className="border-y bg-muted/60">
          <dl className="mx-auto grid max-w-6xl grid-cols-1 gap-6 px-4 py-10 text-center sm:grid-cols-3 sm:px-6">
            {[
              { value: "~60 s", label: "from topic to published post" },
              { value: "Unlimited", label: "blogs, each on its own domain" },
              { value: "$0", label: "to start: no credit card needed" },
            ].map((item) => (
              <div key={item.label} className="flex flex-col-reverse gap-1">
                <dt className="text-sm text-muted-foreground">{item.label}</dt>
                <dd className="text-3xl font-extrabold tracking-tight">{item.value}</dd>
              </div>
            ))}
          </dl>
        </section>

        {/* The difference */}
        <section id="difference" aria-labelledby="difference-title" className="scroll-mt-20">
          <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-20 sm:px-6 lg:grid-cols-2">
            <div className="order-2 lg:order-1">
              <img
                src={qualityImage}
                width={560}
                height={460}
                loading="lazy"
                alt="An AI-written post with an affiliate link at its keyword, passing checks for original writing, keyword placement, readability and SEO fields, ready in 60 seconds."
                className="mx-auto w-full max-w-lg"
              />
            </div>
            <div className="order-1 space-y-6 lg:order-2">
              <SectionEyebrow>THE DIFFERENCE</SectionEyebrow>
              <h2
                id="difference-title"
                className="text-3xl font-bold tracking-tight text-balance sm:text-4xl"
              >
                Not another AI text spinner
              </h2>
              <p className="text-lg text-muted-foreground">
                Most AI writers hand you a wall of text and leave the rest to you. Blogfleet runs
                the whole blog: writing, linking, scheduling and publishing.
              </p>
              <div className="overflow-hidden rounded-xl border bg-card">
                <table className="w-full text-left text-sm">
                  <caption className="sr-only">The usual way compared with Blogfleet</caption>
                  <thead className="bg-muted/70">
                    <tr>
                      <th scope="col" className="w-1/2 px-4 py-3 font-semibold">
                        The usual way
                      </th>
                      <th scope="col" className="w-1/2 px-4 py-3 font-semibold text-primary">
                        With Blogfleet
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {differences.map((row) => (
                      <tr key={row.ours} className="border-t align-top">
                        <td className="px-4 py-3 text-muted-foreground">
                          <span className="flex gap-2">
                            <XIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                            {row.usual}
                          </span>
                        </td>
                        <td className="px-4 py-3 font-medium">
                          <span className="flex gap-2">
                            <CheckIcon
                              aria-hidden="true"
                              className="mt-0.5 size-4 shrink-0 text-success"
                            />
                            {row.ours}
                          </span>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </div>
          </div>
        </section>

        {/* Instant wins */}
        <section
          id="instant-wins"
          aria-labelledby="instant-wins-title"
          className="scroll-mt-20 border-t bg-muted/40"
        >
          <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
            <div className="mx-auto max-w-2xl space-y-4 text-center">
              <SectionEyebrow>INSTANT WINS</SectionEyebrow>
              <h2
                id="instant-wins-title"
                className="text-3xl font-bold tracking-tight text-balance sm:text-4xl"
              >
                Everything your blogs need, from the first day
              </h2>
              <p className="text-lg text-muted-foreground">
                Six things you get the moment you sign in, without a plugin, a developer or a second
                subscription.
              </p>
            </div>
            <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
              {instantWins.map((win) => (
                <li
                  key={win.title}
                  className="group rounded-xl border bg-card p-6 shadow-sm transition-shadow hover:shadow-md"
                >
                  <span className="inline-flex size-11 items-center justify-center rounded-lg bg-primary/10 text-primary">
                    <win.icon aria-hidden="true" className="size-5" />
                  </span>
                  <h3 className="mt-4 text-lg font-semibold">{win.title}</h3>
                  <p className="mt-2 text-muted-foreground">{win.text}</p>
                </li>
              ))}
            </ul>

            <ol className="mt-16 grid gap-6 md:grid-cols-3">
              {steps.map((step, index) => (
                <li key={step.title} className="flex gap-4">
                  <span
                    aria-hidden="true"
                    className="flex size-10 shrink-0 items-center justify-center rounded-full border-2 border-primary font-bold text-primary"
                  >
                    {index + 1}
                  </span>
                  <div>
                    <h3 className="font-semibold">{step.title}</h3>
                    <p className="text-sm text-muted-foreground">{step.text}</p>
                  </div>
                </li>
              ))}
            </ol>
          </div>
        </section>

        {/* Free offer */}
        <section id="free-trial" aria-labelledby="free-trial-title" className="scroll-mt-20">
          <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
            <div className="relative overflow-hidden rounded-2xl bg-stone-900 px-6 py-12 text-stone-50 shadow-xl sm:px-12 sm:py-16 dark:bg-stone-800">
              <div
                aria-hidden="true"
                className="pointer-events-none absolute -top-24 -right-24 size-72 rounded-full bg-[radial-gradient(circle,oklch(0.7_0.17_50/0.55),transparent_70%)]"
              />
              <div className="relative grid items-center gap-10 lg:grid-cols-[1.3fr_1fr]">
                <div className="space-y-5">
                  <p className="text-sm font-bold tracking-[0.18em] text-orange-300">FREE OFFER</p>
                  <h2
                    id="free-trial-title"
                    className="text-3xl font-bold tracking-tight text-balance sm:text-4xl"
                  >
                    Start your free trial today. No credit card.
                  </h2>
                  <p className="text-lg text-stone-300">
                    Create your first blog, let the AI write its first posts and publish them on
                    your own domain, free. Keep going only if it pays off.
                  </p>
                </div>
                <div className="space-y-5 rounded-xl bg-stone-50/5 p-6 ring-1 ring-stone-50/15">
                  <ul className="space-y-3">
                    {[
                      "Every feature included",
                      "Unlimited blogs and custom domains",
                      "AI posts, affiliate links and scheduling",
                      "No credit card, no commitment",
                    ].map((item) => (
                      <li key={item} className="flex items-start gap-3">
                        <CheckIcon aria-hidden="true" className="mt-0.5 size-5 text-orange-300" />
                        {item}
                      </li>
                    ))}
                  </ul>
                  <Button
                    asChild
                    size="lg"
                    className="w-full bg-orange-300 text-stone-950 hover:bg-orange-200 focus-visible:ring-offset-stone-900"
                  >
                    <a href={signUpUrl}>
                      Claim your free trial
                      <ArrowRightIcon aria-hidden="true" />
                    </a>
                  </Button>
                </div>
              </div>
            </div>
          </div>
        </section>

        {/* Sign in */}
        <section aria-labelledby="sign-in-title" className="border-t bg-muted/40">
          <div className="mx-auto flex max-w-3xl flex-col items-center gap-5 px-4 py-16 text-center sm:px-6">
            <BrandMark className="size-12" />
            <h2 id="sign-in-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
              Already running blogs with Blogfleet?
            </h2>
            <p className="text-muted-foreground">
              Sign in to your dashboard to write, schedule and publish across all your blogs.
            </p>
            <Button asChild size="lg" variant="outline">
              <a href={signInUrl}>
                <LogInIcon aria-hidden="true" />
                Sign in to your dashboard
              </a>
            </Button>
          </div>
        </section>
      </main>

      <footer className="border-t">
        <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-3 px-4 py-8 text-sm text-muted-foreground sm:flex-row sm:px-6">
          <p className="flex items-center gap-2">
            <BrandMark className="size-5" />
            Blogfleet, the AI blog platform.
          </p>
          <p>© {new Date().getFullYear()} Blogfleet. Your blogs, your domains, your content.</p>
        </div>
      </footer>
    </div>
  );
}
