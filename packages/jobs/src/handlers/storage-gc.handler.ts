// storage.gc: deletes storage objects that no dataset image or download row refers to any more.
import { collectStorageGarbage } from '../bodies/storage-gc';
import { defineHandler } from '../handler';

export default defineHandler('storage.gc', async ({ db, storage }) => collectStorageGarbage(db, storage));
