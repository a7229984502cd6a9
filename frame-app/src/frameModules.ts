/**
 * React as the frame offers it to bundles (DESIGN "The bundle"): the frame document's import map
 * resolves these bare specifiers to the frame's own modules (vite.config.ts, mode
 * `frame-react`), preloaded in parallel with the bootstrap script. A bundle built with them
 * external imports the frame's one copy of React instead of shipping its own; a bundle with no
 * React, or with its own, is unaffected.
 */
export const SHARED_REACT_SPECIFIERS = ['react', 'react-dom/client', 'react/jsx-runtime'] as const;
