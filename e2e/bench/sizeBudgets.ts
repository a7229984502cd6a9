/**
 * The byte budgets of the shipped artifacts (gzip -9), each with the history of why it is what it
 * is: what sizes.ts checks the build against. A raise is written here, beside the budget, with
 * what it bought and what was measured.
 */
/**
 * What a host page runs up front of each host SDK build, gzip -9: the 5 kB. The SDK is
 * split (issue 10): the entry validates, creates the iframe, watches it and shows the alert; the
 * bridge (penpal's connect + WindowMessenger, 3.3 kB on their own, the host methods and the
 * settings cache) is fetched at the first mount, in parallel with the frame document. Issue 24
 * put `preloadCashier`'s checks in the ES entry and the `onHoldExpired` check in both: the ES
 * entry measured 5 004 B, so its budget was 5 050 B; the script tag's stayed under 5 000 B. Then
 * the mount's adoption of the warm frame (issue 24's phone target, `standbyFrames.ts`: the
 * warm-ups by options and `Element.moveBefore`), which must be in the entry because the mount
 * takes the frame at once, also while it warms up, and `onPaymentResult`'s check (issue 25): 4 967 → 5 259 B (script
 * tag) and 5 004 → 5 321 B (ES). That adoption saves the buyer the frame document, the
 * bundle's revalidation and 0.4 s or more on the phone after the tap (`npm run bench`). Then a
 * mount that lets go of a frame it adopted while still warming up ends that warm-up
 * (FRAME_RELEASED_EVENT; else `preloadCashier` never settled): 5 292 B (script tag), 5 355 B (ES).
 * Then an iframe removed from the page is named at once, not at a check a busy page runs late (a
 * MutationObserver in `watchFrame.ts`), and a frame that never loads at the grace's end, not at
 * the next check: 5 369 B (script tag), 5 431 B (ES). Then (issue 32) a resource entry ends the
 * wait of the mount whose watch began last before it, not of every mount loading the same URL
 * (the chaos run saw a later mount's frame name two loading frames dead): +74 B, 5 408 B (script tag).
 * Then mounts made in one task share their watches' start: 5 438 B. Then (issue 34 item 3) the
 * iframe's title and the SDK's own alert follow the buyer's language: their twelve languages are
 * in the bridge (see {@link SDK_BRIDGE_BUDGET}); the entry only keeps the bridge it loaded and asks
 * it to word the title and the alert when it arrives, when the alert is drawn and after an update
 * (`localize` in mountCashier.ts; createUpdate's one `onChange` in place of `onTheme` takes some
 * back), and ORDER_NOT_FOUND joins ErrorCode: measured 5 457 B (+19 B), so 5 480 B.
 * Then (issue 35) the shape check of `appearance` and `fonts` (shared/appearance/shape.ts): the
 * issue asks that a forbidden piece, an unknown selector and the rest throw a TypeError naming the
 * key in `mountCashier` itself, before anything is created, so the names of the variables,
 * selectors and properties, the forbidden pieces and the font file rule are in the entry: 5 457 →
 * 6 843 B (+1 386 B; measured alone with esbuild, 1 698 B). The value grammars and the colour
 * parser (9.2 kB) stay in the frame's appearance module, fetched only by a page that styles the
 * widget. A lighter entry check (the forbidden pieces and selectors only, the names left to the
 * frame) would save about a third of it; not done yet. Issue 36 item 4: what no mount needs
 * before its frame connects went to the bridge (the 3-D Secure overlay, `preloadCashier`'s warm-up
 * frames, which only the bridge makes): 6 870 → 6 442 B, the bridge +492 B (see {@link SDK_BRIDGE_BUDGET}).
 * Then what `handle.update` does once its changes are checked (createUpdate.ts) went to the bridge,
 * and `CashierError.fromSerialized` became `rebuildCashierError`, which the entry never calls:
 * 5 956 B. Then `ErrorCode` ships as its codes in one string (host-sdk/build/compactErrorCodes.ts):
 * 5 839 B. Then the lighter entry check named above: the entry checks what could reach past a
 * value (the forbidden pieces, the length, the selectors, an https font URL), and the frame the
 * names, the words of `theme`, `labels`, `style` and `display`, and the font file rule
 * (checkAppearanceValues and checkFontValues; INVALID_ARGUMENT naming the key for the rest, as for
 * a value that does not parse): 5 269 B, within issue 36's 5.3 kB.
 */
export const SDK_BUDGET = 5_300;
/**
 * The ES entry's: see {@link SDK_BUDGET}. Then the mock mode's refusal of a vault off loopback
 * imports the SDK's loopback rule, so the bundler moved that rule out of the entry into a chunk
 * the entry and `./testing` share (export names, a second file): 5 431 → 5 518 B, with no new
 * code in the entry. Then the resource entry's owner (see {@link SDK_BUDGET}): 5 560 B. Mounts
 * made in one task (5 586 B), then the words in the buyer's language and ORDER_NOT_FOUND (see
 * {@link SDK_BUDGET}): 5 611 B. Then the shape check of `appearance` and `fonts` (issue 35, see
 * {@link SDK_BUDGET}): 7 011 B. The overlay and the warm-up frames to the bridge (issue 36 item 4): 7 036 → 6 600 B.
 * `handle.update`'s work to the bridge and the compact `ErrorCode` (see {@link SDK_BUDGET}): 6 173 B.
 * The lighter entry check of `appearance` and `fonts` (see {@link SDK_BUDGET}): 5 601 B.
 */
export const SDK_ES_BUDGET = 5_650;

/**
 * The bridge the SDK fetches at the first mount (or at `preloadCashier`). It held 7.8 kB with the
 * entry before the split; on its own it measured 5.3 kB (ES chunk) and 6.2 kB (the script tag's,
 * which carries its own copy of the shared code). Issue 24's `preloadFrame` (the hidden warm-up
 * frame, its host methods and preconnect hints) added 0.55 kB to each: the script tag's, 6 195 →
 * 6 740 B, moved the budget from 6 200 to 6 750 B (the ES chunk measures 6 050 B); its
 * `onHoldExpired` host method took the script tag's to 6 790 B, and the budget to 6 800 B. Issue
 * 25's `onPaymentResult` host method, with its check of the frame's result (`parsePayResult.ts`),
 * took it to 6 971 B, and the budget to 7 000 B. It is fetched after the page's load, never up
 * front: the budget keeps it from growing. Issue 34 item 3 put the SDK's own words in the buyer's
 * language here (`localizeMount`): the iframe's title and the technical-difficulties alert, shown
 * when the frame never loaded or was lost, in the eleven languages besides English, from the
 * frame's own catalog (shared/locales, `catalogText.ts`, and `matchLocale` to pick one). In the
 * entry they would cost every page up front; here only a page that mounts. Estimated, not measured
 * (no build could run then; zlib -9 over the compiled catalogs and the minified code): +1.3 kB for
 * the catalogs, +0.5 to 0.6 kB for the code. With the report of option names the SDK does not
 * know (`warnUnknownOptions`, with the nearest known name: here, not in the entry, so a page
 * pays for it only when it mounts) the script tag's measured 6 996 → 9 269 B (+2 273 B) and the
 * ES chunk 6 305 → 8 481 B, so 9 300 B. A per-language chunk fetched beside the frame would
 * take about 1.2 kB of it back: a candidate for the phone-speed work. Issue 35: `handle.update`'s
 * check of `appearance` and `fonts` (the script tag's bridge has its own copy of the shape check)
 * and the timings' contrast report: 9 477 B. Issue 36's events (`onChange`, `onFocus`, `onBlur`,
 * `onEscape`: the host's copies of the frame's word from known values only, parseEvents.ts, the
 * brand and field lists, and their option names): 9 807 B (+330 B). Issue 36 item 4 asks the
 * script tag back under 5.3 kB in all: this budget only keeps it from growing meanwhile. Then the
 * entry's overlay and warm-up frames moved here (issue 36 item 4, see {@link SDK_BUDGET}): 10 299 B
 * (+492 B for the entry's -428 B; the ES chunk 9 018 → 9 473 B). Then `handle.update`'s work
 * (createUpdate.ts) and `rebuildCashierError` (see {@link SDK_BUDGET}): 10 625 B (+326 B for the
 * entry's -603 B; the ES chunk 9 871 B). Issue 37's `onHoldExtended` host method (the host's copy of
 * the frame's `{ orderId, holdExpiresAt }`, a date string) and `holdExtensionOffer` in the widget
 * inputs, with both option names in the unknown-option report: 10 625 → 10 701 B (+76 B; the ES
 * chunk 9 870 → 9 948 B; the entry +21 B, 5 290 B, within {@link SDK_BUDGET}). Issue 38's `PENDING`
 * with its `paymentMethod` (parseSettledPayResult keeps a known method, refuses a PENDING without
 * one): 10 782 B, measured after the change.
 */
export const SDK_BRIDGE_BUDGET = 10_800;

/**
 * The reference bundle: 25 kB (issue "a buyer on a phone"). Issue 25's saved cards may add only
 * what deciding to load them takes: the `listCreditCards` call (its list is checked in the chunk; since, buyer info's call
 * instead, the list the chunk's),
 * the lazy import, and the saved card's token and consent in the pay path: +293 B gzip, measured
 * in the same build before and after (25 042 → 25 335 B; issue 24's card form shown before the
 * order's methods had taken the bundle from 24 988 to 25 042 B, 25 002 B once trimmed). Everything else of the saved cards is
 * {@link SAVED_CARDS_BUDGET}'s, downloaded only by a member. Issue 25's PayPal
 * likewise: the PAYPAL choice and its label, the lazy import once PAYPAL is offered, the code the
 * chunk borrows from the bundle (`PAYPAL_KIT`) and `pay`'s wait for the PayPal outcome: +331 B
 * (25 335 → 25 666 B; 25 845 B while the panel's words were in the bundle's catalogs). The panel
 * and its words are {@link PAYPAL_BUDGET}'s and {@link PAYPAL_CATALOG_BUDGET}'s. Issue 25 item 4's
 * wallets likewise: the browser's availability check (`ApplePaySession.canMakePayments()`, the
 * Payment Request API's `canMakePayment()` for Google Pay), the express payment methods read that
 * follows only where it can pay, the lazy slot and `WALLET_KIT`: +538 B (25 666 → 26 204 B, the
 * same build before and after). The buttons, flows and words are {@link WALLETS_BUDGET}'s and
 * {@link WALLETS_CATALOG_BUDGET}'s. Then buyer info instead of the cards list (-14 B) and a payment
 * made in the widget kept exactly once like a card charge (`captureInWidget`: a lost reply read
 * from the order's charges; a new mount for an order that may be paid in the widget reads them
 * before charging): 26 336 B. The wallets asked of the browser only once the order offers them
 * (the express methods read first, where a wallet API exists): 26 388 B. An order the provider
 * does not know named ORDER_NOT_FOUND, at the mount and in `update` (`orderNotFound.ts`): 26 509 B.
 * The typed card kept out of the fields' `value` attributes, which React writes and a selector
 * could match (`useNoValueAttributes`: a MutationObserver on the form; issue 35's appearance
 * must not be able to read the card; it also watches fields added to the form): 26 653 B (+144 B on
 * the 26 509 B measured last). Issue 35's appearance styling (every colour, font size, radius and
 * spacing read as a `--cashier-*` token with today's value as fallback, the themes' token table,
 * the appearance class names on the parts, and the form's CSS for the focusRing token, floating
 * labels and the wallets' dark-scheme buttons) measured 27 869 B (+1 216 B, the same build before and after).
 * Issue 36's events (createFormEvents.ts: the change summary and its dedupe, the focus, blur and
 * Escape listeners, the field names; `cardBrand`): 28 368 B (+664 B on 27 704 B, the same build
 * before and after); focus events one task later, dropped at unmount (the back/forward cache): 28 428 B.
 * A change the locked form refuses puts the field back (Preact as the frame's React, issue 36 item 4): 28 481 B.
 * Issue 36 item 1's settled first form (createFirstPaint.ts: the gate and its cap; FormSkeleton.tsx:
 * the placeholder in the appearance's tokens; everything fetched at once at the mount, the billing
 * chain collapsed, the hold's read and the wallets' buttons ready before the form): 29 276 B
 * (+795 B on main's 28 481 B, measured after the merge). The bundle's optional `preload` for
 * preloadCashier's warm-up (issue 36 item 4: preload.ts, warmReplies.ts, the mount served from
 * memory): 29 674 B (+398 B). Issue 37's more time on request (readOrderHold's POST
 * hold-extensions, createHold's ask, HoldNotice's button, its announcements and its four English
 * messages): 29 669 → 30 629 B (+960 B, the same build before and after). With the
 * REFUNDED_HOLD_EXPIRED outcome (toPayResult, pay letting the hold expire), merged: 30 662 B.
 * parseCharge taking REFUNDED_HOLD_EXPIRED: 30 657 B. Issue 37's seats kept while a payment is
 * under way (createHold's `paying` for an open `pay`, PayPal's window and a wallet sheet, the
 * countdown back when one settles unpaid; HoldNotice's "Finishing your payment…" in English; the
 * PayPal and wallet refunds told with `pay`'s message): 30 814 B (+157 B, the same build before and after).
 * Issue 38's types (parseCharge's REDIRECT on the payments origin and BLIK_CONFIRM, a local method's
 * PENDING not paid, the local methods' brand names in the choice): 30 814 → 31 097 B (+283 B).
 * Its payments origin passed to the provider calls: 31 104 B. Issue 38's exactly once for the local
 * methods in the payment flow (createPayment's `chargeInWidget`: one key, a lost reply read from the
 * order's charges or resent as it was, 409 CHARGE_IN_PROGRESS taken as the open charge; a local
 * PENDING as `pay`'s outcome until it settles, the form locked meanwhile, found again by `resume`
 * after a reload; `pay` waiting for a redirect payment under way; BLIK's body in prepareCharge):
 * 31 104 → 31 711 B (+607 B, the same build before and after). Then the local methods' choice
 * (createLocalMethods.tsx: which methods this build takes and the order offers, the three lazy
 * imports and their first-paint wait, the forwarding to the `local-shared` session; the choices'
 * short lines under the radios; `narrowMethods` keeping iDEAL, Bancontact and Klarna; the mount's
 * one read of the order's charges for a payment still being confirmed; the store's method shown
 * with it): 31 711 → 32 663 B (+952 B, the same build before and after). Estimated at 450 to 650 B
 * in the plan with the watch and the session in the bundle; they measured +1 551 B there, so they
 * moved to the `local-shared` chunk ({@link LOCAL_SHARED_BUDGET}), fetched with the first local
 * method an order offers. The panel, its flow and its words are {@link LOCAL_REDIRECT_BUDGET}'s.
 * A redirect method's decline told to the host in its panel's words: 32 692 B (+29 B).
 * BLIK switched on (issue 38: `narrowMethods` keeps it; its chunk and its translator fetched for an
 * order that offers it, following the buyer's language; its short line under the choice; its
 * decline's and refused code's words from its chunk; createPayment's `chargeRefused` for INVALID
 * naming `blikCode`; createHold's `skewMs` for the countdown): 32 733 → 32 808 B (+75 B, the same
 * build of main f32aba2 before and after).
 */
export const BUNDLE_BUDGET = 32_850;
/**
 * The saved-cards chunk (issue 25: the list's guard, the choice, the security code, remove, save; its English words): 3 662 B
 * measured; 3 721 B once it lists the cards itself and offers a member without cards the save box (buyer info: the bundle
 * asks only who the buyer is, 25 666 → 25 652 B). The bank's answer to a wrong security code or a locked card shown at
 * the field, and the card's name as bidi isolates for right-to-left languages: 3 786 B. Issue 35's
 * tokens and class names (Method, Method--selected, Button, Notice, Label): 3 848 B. Its security code
 * put back when the locked form refuses a change (Preact, issue 36 item 4): 3 908 B. The warm-up's
 * list of a member's cards and their words (`preloadSavedCards`, issue 36 item 4): 3 972 B.
 */
export const SAVED_CARDS_BUDGET = 4_000;
/** One language's catalog of the saved cards (issue 25): about 0.5 kB each. */
export const SAVED_CARDS_CATALOG_BUDGET = 1_000;
/**
 * The PayPal chunk (issue 25: "Pay with PayPal", the popup, create, capture, cancel; its own
 * translator and English words), fetched only for an order that offers PayPal: 2 461 B measured;
 * 2 552 B once it tells the buyer an unknown outcome (a lost capture reply) instead of "nothing charged".
 */
export const PAYPAL_BUDGET = 2_600;
/** One language's catalog of the PayPal panel (issue 25), fetched with the chunk: 386 to 454 B measured; 443 to 504 B with the unknown outcome's words. */
export const PAYPAL_CATALOG_BUDGET = 550;
/**
 * The wallets chunk (issue 25 item 4: the Apple Pay and Google Pay buttons, their sheets' flows,
 * merchant validation, the vault's wallet token, the charge; its translator and English words),
 * fetched only for an order that offers a wallet the browser can pay with: 2 985 B measured;
 * 3 049 B with the charge kept exactly once (`captureInWidget`) and its unknown outcome's words;
 * 3 200 B with Google Pay's request built in the frame and the order's signed amount (security review L4).
 */
export const WALLETS_BUDGET = 3_250;
/** One language's catalog of the wallet buttons (issue 25 item 4), fetched with the chunk: 408 to 479 B measured; 432 to 513 B with the unknown outcome's words. */
export const WALLETS_CATALOG_BUDGET = 550;

/**
 * The redirect methods' chunk (issue 38, `local-redirect`: "Pay with {method}" for iDEAL,
 * Bancontact and Klarna, the popup, its flow and the page's message guard, the choices' short
 * lines; its translator and English words), fetched only for an order that offers one of them:
 * 2 685 B measured, 2 668 B once a refund because the hold ended shows no decline. The limit for a method family's chunk is 3 072 B (3 KB).
 */
export const LOCAL_REDIRECT_BUDGET = 2_750;
/** One language's catalog of the redirect methods (issue 38), fetched with the chunk: 664 to 754 B measured (eleven messages, three short lines). */
export const LOCAL_REDIRECT_CATALOG_BUDGET = 800;
/**
 * What the local methods' chunks share (issue 38, `local-shared`: the payment's session, the pending
 * watch, `onPaymentResult` once per charge, the BLIK field's glue), fetched with the first local
 * method an order offers: 1 190 B measured. BLIK's glue completed (issue 38: its field and
 * countdown in BLIK's own words, the countdown on the provider's clock, a decline's or an expired
 * code's words under the field, INVALID naming `blikCode` for a short or refused code, the field
 * focused): 1 193 → 1 590 B (+397 B, the same build before and after); the countdown's skew bounded by the charge's `createdAt`: 1 629 B. Still about half the issue's 3 KB.
 */
export const LOCAL_SHARED_BUDGET = 1_650;
/**
 * The BLIK chunk (issue 38, `blik`: the code field, the confirmation's countdown, their English
 * words, the loader of its catalogs), the 3 KB: 1 658 B measured, 1 689 B with the
 * choice's short line.
 */
export const BLIK_BUDGET = 3_072;
/** One language's catalog of BLIK (issue 38), fetched with the chunk: 385 to 493 B measured (eleven messages, the short line among them). */
export const BLIK_CATALOG_BUDGET = 800;

/** One language's catalog of the bundle, fetched when a buyer's language is not English (issue 23 item 6). */
export const CATALOG_BUDGET = 3_000;

/**
 * The frame's appearance module (issue 35, frame-app/src/appearance): the shape check, the value
 * grammars, colord with its names and a11y plugins (the real colour parser and WCAG contrast), the
 * themes and the CSSOM writer. Fetched, never preloaded, only by a mount or an update that has an
 * `appearance` or `fonts`, in parallel with the settings request. Estimated beforehand at 7.6 kB
 * (esbuild over the modules); the first build measured 9 156 B. Then the warm-up's render and the
 * mount's same-look check (the phone figure with a look, within 50 ms of none): 9 261 B. Then the
 * shape check in two (the entry's part, then the names; issue 36 item 4 took the names out of the
 * script tag, -570 B there): 9 321 B.
 */
export const APPEARANCE_BUDGET = 9_350;
