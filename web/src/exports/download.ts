/** Starts a download of a same-origin address: the session cookie goes with it, and the server streams the file. */
export function download(href: string) {
  const link = document.createElement("a");
  link.href = href;
  link.download = "";
  document.body.append(link);
  link.click();
  link.remove();
}
