import type { IncomingMessage } from 'node:http';

/** The fakes' request body limit: the providers' own is 64 MiB (OpenAI's images, Gemini's inline data). */
export const MAX_BODY_BYTES = 64 * 1024 * 1024;

/** A fake provider's request body, whole; past MAX_BODY_BYTES it rejects with the provider's own error (`tooLarge`). */
export function readBody(request: IncomingMessage, tooLarge: () => Error): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(tooLarge());
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}
