/**
 * A minimal Astro adapter: its server entry exports `render(request, locals)`, so the render
 * pipeline can turn the built theme into HTML from a blog's data without HTTP in between.
 */
export default function blogfleetRenderer() {
  return {
    name: "blogfleet-renderer",
    hooks: {
      "astro:config:done": ({ setAdapter }) => {
        setAdapter({
          name: "blogfleet-renderer",
          entrypointResolution: "auto",
          serverEntrypoint: new URL("./render-entry.mjs", import.meta.url),
          adapterFeatures: { buildOutput: "server" },
          supportedAstroFeatures: {
            serverOutput: "stable",
            staticOutput: "unsupported",
            hybridOutput: "unsupported",
            sharpImageService: "unsupported",
            envGetSecret: "unsupported",
          },
        });
      },
    },
  };
}
