// @nestjs/common and @nestjs/core are ESM-only (Nest 12); @nestjs/throttler is CommonJS that
// require()s them. Jest evaluates a CommonJS import while it links the importing ES module graph,
// before that graph's own Nest modules have run, and on Node 24 (require(esm)) refuses the require as
// a cycle. Loaded first, they are already evaluated when the throttler asks for them.
await import('@nestjs/common');
await import('@nestjs/core');
