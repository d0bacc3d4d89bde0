import type { Browser, Page } from 'playwright';

export interface ContextHandle {
  page?: Page;
  close(): Promise<void>;
}

export function sharedContext(): {
  createBrowserContext(args: { browser: Browser }): ContextHandle;
  createPage(args: { browser: Browser; config: { hostname?: string; port?: number; protocol?: string }; context: ContextHandle }): Promise<Page>;
};
