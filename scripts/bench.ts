/**
 * `npm run bench`: prints measured figures. The render and publish figures arrive with the
 * publishing pipeline; until then this prints only what it measures.
 */
console.log(
  "No benchmarks yet: the render, publish-to-live and serving figures come with the publishing pipeline.",
);
