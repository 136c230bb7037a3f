// POSTs a FormData with upload progress. fetch() cannot report how much of a request body was sent, so this
// uses XMLHttpRequest (same origin: the session cookie and the Origin header go along as with fetch).
export interface UploadAnswer {
  status: number;
  /** The parsed JSON body, or null when the answer was not JSON (a proxy's error page, a dropped connection). */
  body: unknown;
}

export function uploadWithProgress(url: string, data: FormData, onProgress: (sent: number, total: number) => void, onSent: () => void): Promise<UploadAnswer> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.setRequestHeader("accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded, event.total);
    };
    xhr.upload.onload = () => onSent();
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => resolve({ status: 0, body: null });
    xhr.send(data);
  });
}
