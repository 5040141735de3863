// Errors the engine reports with a stable code (the trainer's codes pass through unchanged) so that
// the worker can store them and the web can translate them.
export class VisionError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'VisionError';
  }
}

export const INSTALL_HINT =
  'Install the trainer packages as root: apt-get install -y python3-torch python3-torchvision python3-pil python3-pytest (or run: bash scripts/ensure-system.sh)';
