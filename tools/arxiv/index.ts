/** The arXiv capability's public surface. */
export { ArxivClient } from './client.ts';
export { parseAtom, arxivIdOf, type ArxivPaper, type ArxivFeed } from './atom.ts';
export { arxivTools, type ArxivContext } from './tools.ts';
