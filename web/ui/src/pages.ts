/** The pages table: the sidebar and the router both read it. Add a page here to add a capability. */
import type { FunctionComponent } from 'preact';
import { BenchmarksPage } from './pages/benchmarksPage.tsx';
import { ChatPage } from './pages/chatPage.tsx';
import { DesignsPage } from './pages/designsPage.tsx';
import { DocumentsPage } from './pages/documentsPage.tsx';
import { PrintersPage } from './pages/printersPage.tsx';
import { JobsPage } from './pages/jobsPage.tsx';
import { SettingsPage } from './pages/settingsPage.tsx';
import { ThreadsPage } from './pages/threadsPage.tsx';

export interface PageProps {
  params: string[];
  /** Tell the shell that threads changed (sidebar refresh). */
  onThreadsChanged: () => void;
}

export interface PageEntry {
  id: string;
  title: string;
  component: FunctionComponent<PageProps>;
  /** Shown in the sidebar navigation. */
  nav: boolean;
}

export const pages: PageEntry[] = [
  { id: 'chat', title: 'Chat', component: ChatPage, nav: true },
  { id: 'threads', title: 'Threads', component: ThreadsPage, nav: true },
  { id: 'designs', title: 'Designs', component: DesignsPage, nav: true },
  { id: 'documents', title: 'Documents', component: DocumentsPage, nav: true },
  { id: 'printers', title: 'Printers', component: PrintersPage, nav: true },
  { id: 'jobs', title: 'Jobs', component: JobsPage, nav: true },
  { id: 'benchmarks', title: 'Benchmarks', component: BenchmarksPage, nav: true },
  { id: 'settings', title: 'Models & agents', component: SettingsPage, nav: true },
];

export const pageOf = (id: string): PageEntry => pages.find((p) => p.id === id) ?? pages[0];
