process.env.DATABASE_URL = "postgres://postgres@127.0.0.1:5432/probe100k";
process.env.ADMIN_PASSWORD = "bench-only-123";
const { seedBenchContent } = await import("./bench/seed");
await seedBenchContent("/tmp/probe-data", 100000);
process.exit(0);
