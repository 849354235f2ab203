/**
 * The upload form: a file or a URL, name, alt text, description and tags. The file/URL switch is pure
 * CSS (the checked radio shows its field), so the form works before and without JavaScript.
 */
import { Upload } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { inputClass } from "#app/components/admin/form-field";
import { MEDIA_ACCEPT, MEDIA_LIMITS } from "#app/domain/media/media-rules";

export interface UploadProblem {
  title: string;
  message: string;
  field?: string;
}

const problemId = "media-upload-problem";

export function MediaUploadForm({
  problem,
  values,
}: {
  problem?: UploadProblem;
  values?: Record<string, string>;
}) {
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const isUploading = navigation.state === "submitting" && navigation.formData?.get("intent") === "upload";
  const wasUploading = useRef(false);

  // A successful upload redirects back here without an error: clear the form for the next one.
  useEffect(() => {
    if (wasUploading.current && navigation.state === "idle" && !problem) formRef.current?.reset();
    wasUploading.current = isUploading || (wasUploading.current && navigation.state !== "idle");
  }, [isUploading, navigation.state, problem]);

  const invalid = (field: string) =>
    problem?.field === field ? { "aria-invalid": true, "aria-describedby": problemId } : {};
  const isUrlMode = values?.mode === "url";

  return (
    <Form
      ref={formRef}
      method="post"
      encType="multipart/form-data"
      className="group rounded-lg border border-gray-200 bg-white p-4"
      aria-labelledby="media-upload-title"
    >
      <h2 id="media-upload-title" className="text-lg font-semibold">
        Upload Media
      </h2>
      <input type="hidden" name="intent" value="upload" />

      {problem ? (
        <div
          id={problemId}
          role="alert"
          className="mt-3 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          <p className="font-semibold">{problem.title}</p>
          {problem.message ? <p>{problem.message}</p> : null}
        </div>
      ) : null}

      <fieldset className="mt-3 flex flex-wrap gap-4 text-sm">
        <legend className="sr-only">Upload from</legend>
        <label className="inline-flex items-center gap-1.5">
          <input type="radio" name="mode" value="file" defaultChecked={!isUrlMode} id="media-mode-file" />
          Upload file
        </label>
        <label className="inline-flex items-center gap-1.5">
          <input type="radio" name="mode" value="url" defaultChecked={isUrlMode} id="media-mode-url" />
          From URL
        </label>
      </fieldset>

      <div className="mt-3 grid gap-3 md:grid-cols-2">
        <div className="group-has-[#media-mode-url:checked]:hidden md:col-span-2">
          <label htmlFor="media-file" className="block text-sm font-medium text-gray-700">
            File
          </label>
          <input
            id="media-file"
            name="file"
            type="file"
            accept={MEDIA_ACCEPT}
            className={`${inputClass} file:mr-3 file:rounded file:border-0 file:bg-brand-50 file:px-3 file:py-1 file:text-brand-700`}
            {...invalid("file")}
          />
          <p className="mt-1 text-xs text-gray-500">
            Images, video, audio, PDF and Office documents up to 32 MB. Uploads may take up to 60 seconds.
          </p>
        </div>
        <div className="hidden group-has-[#media-mode-url:checked]:block md:col-span-2">
          <label htmlFor="media-url" className="block text-sm font-medium text-gray-700">
            URL
          </label>
          <input
            id="media-url"
            name="url"
            type="url"
            inputMode="url"
            placeholder="https://example.com/image.jpg"
            defaultValue={values?.url}
            className={inputClass}
            {...invalid("url")}
          />
        </div>
        <div>
          <label htmlFor="media-name" className="block text-sm font-medium text-gray-700">
            Name
          </label>
          <input
            id="media-name"
            name="name"
            maxLength={MEDIA_LIMITS.name}
            defaultValue={values?.name}
            className={inputClass}
            {...invalid("name")}
          />
        </div>
        <div>
          <label htmlFor="media-alt" className="block text-sm font-medium text-gray-700">
            Alt text
          </label>
          <input
            id="media-alt"
            name="alt"
            maxLength={MEDIA_LIMITS.alt}
            defaultValue={values?.alt}
            className={inputClass}
            {...invalid("alt")}
          />
        </div>
        <div className="md:col-span-2">
          <label htmlFor="media-description" className="block text-sm font-medium text-gray-700">
            Description
          </label>
          <textarea
            id="media-description"
            name="description"
            rows={2}
            maxLength={MEDIA_LIMITS.description}
            defaultValue={values?.description}
            className={inputClass}
            {...invalid("description")}
          />
        </div>
        <div className="md:col-span-2">
          <label htmlFor="media-tags" className="block text-sm font-medium text-gray-700">
            Tags
          </label>
          <input
            id="media-tags"
            name="tags"
            maxLength={MEDIA_LIMITS.tags}
            placeholder="Comma separated, e.g. politics, accra"
            defaultValue={values?.tags}
            className={inputClass}
            {...invalid("tags")}
          />
        </div>
      </div>
      <div className="mt-4 flex justify-end">
        <button
          type="submit"
          disabled={isUploading}
          className="inline-flex items-center gap-1.5 rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-900 disabled:opacity-60"
        >
          <Upload className="h-4 w-4" aria-hidden /> {isUploading ? "Uploading..." : "Upload"}
        </button>
      </div>
    </Form>
  );
}
