/** Filename from a content-disposition header: RFC 5987 `filename*` first, then `filename`. */
export function filenameFromDisposition(header: string | undefined | null, fallback = 'download'): string {
  if (!header) return fallback;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      /* fall through to the plain name */
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(header);
  const name = plain?.[2] ?? plain?.[1]?.trim();
  if (!name) return fallback;
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

/** Has the browser save what `href` points at (a same-origin address or a blob) under `filename`. */
export function clickDownload(href: string, filename = '') {
  const a = document.createElement('a');
  a.href = href;
  // Empty: the name the server gives in content-disposition.
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
}

export function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  clickDownload(url, filename);
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
