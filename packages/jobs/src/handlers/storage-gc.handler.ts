// storage.gc: deletes storage objects that no dataset image or download row refers to any more.
import { collectStorageGarbage } from '@sightline/server/downloads';
import { defineHandler } from '../handler';
import { workerStorage } from './dataset-export.handler';

export default defineHandler('storage.gc', async ({ db }) => collectStorageGarbage(db, workerStorage()));
