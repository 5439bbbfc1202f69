/** The analysis thread's entry (see analyse-thread.ts): traits and the person's matte, one photo after another. */
import { parentPort } from 'node:worker_threads';
import { analysePhoto } from './analyse.js';
import { encodeMatte, personMatte } from './models.js';

let queue: Promise<unknown> = Promise.resolve();

parentPort?.on('message', (msg: { id: number; photo: Uint8Array }) => {
  queue = queue.then(async () => {
    try {
      const photo = Buffer.from(msg.photo.buffer, msg.photo.byteOffset, msg.photo.byteLength);
      const result = await analysePhoto(photo);
      // No face, no person to cut out.
      const matte = result.faces > 0 ? await encodeMatte(await personMatte(photo, result.face?.box)) : undefined;
      parentPort!.postMessage({ id: msg.id, result, matte });
    } catch (err) {
      parentPort!.postMessage({ id: msg.id, error: err instanceof Error ? err.message : String(err) });
    }
  });
});
