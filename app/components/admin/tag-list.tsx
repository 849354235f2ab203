/** The spec's table rule for tags: the first three, then '+N'. */
export function TagList({ tags, emptyText = "—" }: { tags: string[]; emptyText?: string | null }) {
  if (tags.length === 0) return emptyText ? <span className="text-gray-400">{emptyText}</span> : null;
  return (
    <span className="flex flex-wrap gap-1">
      {tags.slice(0, 3).map((tag) => (
        <span key={tag} className="rounded bg-gray-100 px-1.5 py-0.5 text-xs">
          {tag}
        </span>
      ))}
      {tags.length > 3 ? <span className="text-xs text-gray-500">+{tags.length - 3}</span> : null}
    </span>
  );
}
