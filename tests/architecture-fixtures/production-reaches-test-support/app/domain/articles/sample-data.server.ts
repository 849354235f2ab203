// A domain module taking sample data from the test support, which would load it in production.
import { staff } from "#test-support/article-fixtures";

export const sampleEditor = staff("editor", "Ama");
