/**
 * Builds the `urls` of resources. The origin is the loopback address the engine is served on;
 * the app paths are the renderer's routes.
 */
export class Urls {
  constructor(public origin: string) {}

  api(path: string): string {
    return `${this.origin}/v1${path}`;
  }

  app(path: string): string {
    return `${this.origin}/app${path}`;
  }
}
