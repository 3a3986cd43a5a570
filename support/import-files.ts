/** A list's files by name, as an import takes them: downloaded from nowhere (no URL, ETag or Last-Modified). */
export const importFiles = (files: Record<string, string>) =>
  Object.entries(files).map(([name, content]) => ({
    name,
    content: new TextEncoder().encode(content),
    sourceUrl: null,
    etag: null,
    lastModified: null,
  }));
