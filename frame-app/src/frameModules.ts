/**
 * React as the frame offers it to bundles (DESIGN "The bundle"): the frame document's import map
 * resolves these bare specifiers to the frame's own modules (vite.config.ts, mode
 * `frame-react`), preloaded in parallel with the bootstrap script. What they offer is Preact's
 * React-compatible API (frame-app/build/sharedReact.ts, issue 36 item 4). A bundle built with them
 * external imports the frame's one copy instead of shipping its own; a bundle with no React, or
 * with its own, is unaffected.
 */
export const SHARED_REACT_SPECIFIERS = ['react', 'react-dom/client', 'react/jsx-runtime'] as const;

/**
 * The frame's appearance module (issue 35: `createAppearance`, with its grammars and colour
 * parser), in the import map under this specifier but not preloaded: imported only by a mount
 * or an update that has an `appearance` or `fonts`, in parallel with the settings request.
 */
export const FRAME_APPEARANCE_SPECIFIER = 'cashier-frame-appearance';
