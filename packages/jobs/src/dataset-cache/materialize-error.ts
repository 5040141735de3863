// Why a dataset could not be materialised (the job maps the code to its own error).
export class MaterializeError extends Error {
  constructor(
    readonly code: 'DATASET_NOT_FOUND' | 'OBJECT_MISSING' | 'OBJECT_CORRUPT',
    message: string,
  ) {
    super(message);
    this.name = 'MaterializeError';
  }
}
