/** Who opens an STL in the page's 3D viewer: the chat provides it, so an STL linked in an answer opens there too. */
import { createContext } from 'preact';
import type { ArtifactLink } from '../types.ts';

export const StlOpener = createContext<((link: ArtifactLink) => void) | null>(null);
