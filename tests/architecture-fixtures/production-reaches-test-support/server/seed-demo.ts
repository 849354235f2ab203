// A server module reaching the test support through an app module.
import { sampleEditor } from "../app/domain/articles/sample-data.server";

export const demoEditor = sampleEditor;
