/**
 * Every business constant and limit of the spec (section 9 and the rules of sections 4–5), in
 * one table. Where the spec gives two readings of a limit, the more permissive one is taken and
 * the other is noted beside it.
 */
export const LIMITS = {
  adPageSize: 20,
  /**
   * Not the spec's: a reloaded ad list loads again the pages it showed (Load More's too), up to
   * this many; past them, Load More goes on from there.
   */
  adPagesReloadedMax: 10,
  /**
   * Not the spec's: Load More reads again this many of the cards shown, besides the next page's
   * 20, so that an ad gone from those above (which moves the rest up a place) costs no card; a
   * list asks for at most adPageSize + this many ads at once.
   */
  adListReadAgain: 5,
  /**
   * Not the spec's (it says only that mileage is numeric): an ad's mileage, in km, is at most
   * this, 10 crore km, far past any vehicle's or ship's life, so a slip of digits is refused
   * rather than kept as another number (beyond 2^53 a number is no longer exact).
   */
  adMileageMaxKm: 100_000_000,
  /**
   * Not the spec's: the staff's Ad history lookup lists a page of ads (adPageSize), and Show more
   * adds a page at a time up to this many pages (a member's every ad, closed ones included).
   */
  staffLookupPagesMax: 50,
  /**
   * Not the spec's: how many usernames like a lookup key that no member has support is offered
   * in its place (a misspelt username's member).
   */
  staffLookupUsernamesLike: 3,
  /**
   * Not the spec's: rows a table of support's Ad history shows at a time (its bids, refused bids
   * and events), with page numbers for the rest: an ad of a thousand bids draws at once.
   */
  historyRowsPerPage: 100,
  /** Not the spec's: the largest JSON or form body the api reads (uploads have their own). */
  requestBodyMaxMegabytes: 1,
  /**
   * Not the spec's: how long a request may take to arrive whole. Post Ad sends its six 10 MB
   * files side by side, sharing the connection: on a phone's 1 Mbit/s each takes eight minutes,
   * past Node's default of five, which cut such uploads off. Headers must still come within
   * Node's minute.
   */
  requestArrivalMinutes: 30,
  /** The furthest page any list is asked for (a page number past it is refused as malformed). */
  pageNumberMax: 100_000,
  bidPageSize: 10,
  transactionsPageSize: 20,
  bidListRefreshMs: 10_000,
  /**
   * Not the spec's: how long after the page's load event the app starts fetching the screens a
   * visitor may open next, so that the first page's own data and pictures go first.
   */
  screensFetchedAheadAfterMs: 2_000,
  /**
   * Not the spec's: how long the web app waits for an api call's answer before taking it as lost
   * (a stalled phone connection can hang for minutes): the screen then says so and offers Retry,
   * or, for a keyed submission, to press again.
   */
  apiAnswerWaitMs: 20_000,
  /**
   * Not the spec's: how long a spinner turns before it says the connection seems slow, so that a
   * member on a stalled connection knows why they wait (and that Retry comes at apiAnswerWaitMs).
   */
  slowLoadHintMs: 8_000,
  /** Not the spec's: an ad page whose live link has not connected by then says it is not live. */
  liveConnectGraceMs: 5_000,
  mobileRequestPollMs: 30_000,
  /**
   * Not the spec's: after the owner says no to a mobile-number request (rejects or revokes it),
   * the requester may ask again this many hours later, not at once: each ask is a notification.
   */
  mobileRequestAgainAfterHours: 24,
  notificationPollMs: 60_000,
  /**
   * Not the spec's: an open profile (its details and reviews), and Settings, are read again this
   * often, and on coming back into view, so that a number hidden, a review deleted or a switch
   * turned in another tab since shows there.
   */
  profileRefreshMs: 30_000,
  /**
   * Not the spec's: My Bids is read again this often while shown, and on coming back into view. A
   * member already outbid is not notified of each higher bid, so their card's "Outbid: an Open bid
   * of …" would otherwise keep the amount they were first told.
   */
  myBidsRefreshMs: 15_000,
  countdownTickMs: 1_000,
  resendCooldownSeconds: 5,
  copyConfirmationMs: 5_000,
  maxSnackbars: 3,
  userSearch: { minChars: 3, limit: 10, firstPage: 0 },
  /** Not the spec's: the audit ledger's search, longer than any id, number, name or email. */
  ledgerSearchMax: 200,
  /** Not the spec's: the ad search's text; its first eight words are searched for. */
  adSearchMax: 200,
  /** Not the spec's: the staff's Ad history lookup key (a username, an id, words of a name). */
  staffLookupKeyMax: 200,
  /** Reading 1: 6–15; reading 2: 4–15 with no spaces. Permissive: 4–15. */
  username: { min: 4, max: 15 },
  /** Registration alias follows the username rule; the bid forms ask at least 3. */
  bidAlias: { min: 3, max: 15, forbiddenRunOfUsername: 3 },
  /**
   * Not the spec's: a bid this many times the asking price (or the highest bid the bidder sees,
   * when higher) or more is confirmed on the form before it is placed — a bid cannot be taken
   * back, and an extra zero is an easy slip. The api takes any positive amount.
   */
  bidConfirmTimes: 10,
  /** Reading 1: 6–15; reading 2: 6–20. Permissive: 6–20. */
  password: { min: 6, max: 20 },
  /** Names max 15, or first/last name max 20 in the other reading. Permissive: 20 for names. */
  firstLastNameMax: 20,
  /** An email address: no longer than a mail server takes (RFC 5321's 254); longer is not valid. */
  emailMaxCharacters: 254,
  houseStreetCityMax: 15,
  phoneDigits: 10,
  pincodeMaxDigits: 6,
  /** "below 150 characters" */
  descriptionMaxExclusive: 150,
  /** Not the spec's: an ad's title fits a card's two lines and a search result's heading. */
  itemNameMax: 70,
  /**
   * An ad's house number, street and town (not the spec's: its 15 is the profile's, which an
   * ad's address may differ from; 'Sri Potti Sriramulu Nellore' needs 27).
   */
  adPlaceMax: 60,
  profilePicture: { maxBytes: 10_485_760, extensions: ['jpeg', 'jpg', 'png'] },
  /**
   * Not the spec's: a photo (an ad's, a profile's) of more pixels than this is refused undecoded
   * (a "decompression bomb"). A phone's full-resolution mode takes 50, 108 and 200 megapixels,
   * which 40 had refused as unreadable.
   */
  photoMaxMegapixels: 210,
  adMedia: {
    maxFiles: 6,
    maxBytes: 10_485_760,
    parallelUploads: 6,
    extensions: [
      'jpeg',
      'jpg',
      'png',
      'mp4',
      'mpeg',
      'webm',
      'mkv',
      'flv',
      'ogg',
      'ogv',
      'm4v',
      'm4p',
      '3gp',
    ],
  },
  /** Slot bids must exceed this, in rupees. */
  adBidBaseAmountRupees: 200_000,
  /**
   * Bidding for a slot ends this long before its date begins in India: the winner is then asked
   * to pay, and has the time to upload the creative, before the day the slot is shown.
   */
  slotBiddingEndsHoursBefore: 24,
  /** Slots may be bid for up to this many days after today in India (a year of the calendar). */
  slotBidDaysAhead: 365,
  /**
   * The member a slot is offered to (the winner, then the next bidder should they not pay) has
   * this long to pay their bid plus GST; an offer made later than that before the day ends is
   * due when the day ends.
   */
  slotPayWithinHours: 12,
  /**
   * Not the spec's: the slot bid page works out what the winner pays (the bid, its GST, the total)
   * for the amount being typed once typing has paused this long, not at every key.
   */
  slotBidQuoteAfterTypingMs: 300,
  minimumAgeYears: 18,
  freeTrialDays: 7,
  /**
   * Not the spec's: from this long before a free trial ends, the bid form and Post Ad say when it
   * ends, so that its end is no surprise refusal.
   */
  trialEndingNoticeHours: 48,
  termsLastRevised: '2021-03-27',
  /**
   * `sendAgainAfterSeconds`: a code sent this recently (say by the same page open in a second tab)
   * is not sent again on the page's automatic send; Resend always sends a new one.
   * `warnAtAttemptsLeft`: from this many codes left to try (before the verify limit makes the
   * member wait), the OTP screen says how many.
   */
  otp: {
    digits: 6,
    validMinutes: 10,
    dailyTries: 5,
    sendAgainAfterSeconds: 60,
    warnAtAttemptsLeft: 3,
    /**
     * Not the spec's: wrong guesses one code survives before it is void. Without it a code could
     * be guessed within its 10 minutes; with it, a day allows at most dailyTries × this many.
     */
    failedAttemptsPerCode: 3,
    /** "Try after 24 Hours": the daily limit is a rolling window, not a calendar day. */
    dailyWindowHours: 24,
  },
  /** Links a member's profile may list. */
  profileLinks: 4,
  // Sessions and one-time links; the spec sets none of these.
  /** An access token lasts this long; the web app renews it with its refresh token. */
  accessTokenSeconds: 15 * 60,
  /**
   * Not the spec's: the web app renews an access token this long before it lapses (by the
   * server's clock), rather than sending it to be refused (`tokenLapsed`).
   */
  accessTokenRenewAheadMs: 5_000,
  /** A refresh token (a login a device remembers) lasts this long. */
  refreshTokenSeconds: 30 * 24 * 3600,
  /**
   * A refresh token spent by a renewal and presented again within this long renews again with the
   * same new token (an answer lost, two tabs without Web Locks renewing at once); later, it was
   * copied, and its session is ended.
   */
  refreshReuseGraceSeconds: 60,
  /** The token that carries a new account from sign-up to its mobile verification. */
  validationTokenSeconds: 24 * 3600,
  /** The email verification link works this long. */
  emailLinkSeconds: 7 * 24 * 3600,
  /** How long the verification email may still be sent after it was asked for. */
  verificationEmailSendWithinHours: 24,
  /** A sign-up captcha may be answered this long after it was shown. */
  captchaSeconds: 10 * 60,
  /** A file uploaded for an ad not yet posted is deleted when still unused after this long. */
  stagedMediaHours: 24,
  // Page sizes of lists the spec does not size.
  /** The member lists of support and admins, zero-based pages. */
  memberPageSize: 20,
  /** Contact Us messages on the support inbox's page. */
  contactPageSize: 20,
  /** Rows of the auditors' payment ledger per page. */
  ledgerPageSize: 50,
  /**
   * The most payments a period checked against the gateway may hold on either side: past it the
   * auditor is asked for a shorter period (the gateway lists 100 a call).
   */
  gatewayReconciliationMax: 10_000,
  passwordResetValidMinutes: 60,
  // Social (issue #9). The spec sets no review length; this keeps one review readable.
  reviewTextMax: 1_000,
  /** Reviews per page of GET /api/review/ (More reviews asks for the next). */
  reviewPageSize: 20,
  /** Notifications GET /api/notification answers, newest first. */
  notificationListLimit: 50,
  /** Contact form's mobile: digits only, up to this many ("up to 10"). */
  contactMobileMaxDigits: 10,
  /**
   * Contact form's country (the spec sets none; its names follow firstLastNameMax, its email the
   * sign-up's rule).
   */
  contactTextMax: 100,
  /** Contact messages one address (IP) may send per hour; stops a script filling the inbox. */
  contactPerIpPerHour: 20,
  /**
   * Not the spec's: impressions, and clicks, one address (IP) adds to one ad space's counts per
   * hour; more are answered alike and not counted, so a script cannot inflate an advertiser's
   * numbers (or the log). An office or a carrier's NAT showing the space on every page stays under.
   */
  adAudiencePerIpPerHour: 120,
  /**
   * Not the spec's: the Contact Us acknowledgement goes to one address at most once in this many
   * hours, however often the form names it: a stranger cannot make Boli mail someone repeatedly.
   */
  contactAcknowledgementEveryHours: 24,
  /**
   * Not the spec's: a notice that also goes by email (a final call, a close, a number asked for:
   * projections/src/social/noteEmails.ts) is mailed only while this fresh. One older, found when
   * the worker comes back after a longer stop, stays in the bell alone: its news may be stale.
   */
  noteEmailValidHours: 24,
  /**
   * How long a payment's email waits for the purchases read model to hold its invoice, and a
   * refund's for its credit note (written by another projection than the notice, and a credit
   * note only once the gateway has made the refund), so that the email names it; past that it
   * goes without.
   */
  noteEmailInvoiceWaitSeconds: 120,
  // Payments (issue #7), the web side: how long the success call may take before the screen says
  // the payment is being confirmed, and how often it then asks where the purchase stands.
  paymentConfirmTimeoutMs: 20_000,
  purchasePollMs: 3_000,
  // Payments (issue #7), the server side. The spec sets none of these.
  /** An unpaid purchase expires this long after it was created (the reconciler asks first). */
  purchaseExpiryMinutes: 30,
  /**
   * A checkout for what an unpaid purchase already holds (same buyer, thing and price) pays that
   * purchase's order while at least this long is left before it expires, rather than opening a
   * second purchase: a member who closed the checkout and tried again has one purchase to pay.
   */
  purchaseReuseMinutesLeft: 10,
  /** The reconciler asks the gateway about a purchase left unpaid this long. */
  reconcilePendingAfterMinutes: 2,
  /** How often the billing sweep (webhook inbox, reconciler, settlement) runs. */
  billingSweepEveryMs: 5_000,
  /** Webhook deliveries or purchases one sweep step takes. */
  billingSweepBatch: 100,
  // Ad space (issue #8), the web side; the spec sets none of these. How long each creative shows
  // before the next active one takes its place, and where the ad list makes room for ads.
  adDisplay: { rotationMs: 8_000, inStreamEvery: 4, betweenPostsEvery: 8, refreshMs: 60_000 },
  /**
   * How often each member's live socket is checked against its session (ended by a block, a
   * logout or its expiry): such a socket is disconnected within this time, or at its next event.
   */
  liveSessionCheckMs: 30_000,
  /**
   * A live read model whose oldest unread event waits longer than this is down for /healthz:
   * its runner stopped or is stuck (a healthy one is under a second behind, and answers wait
   * at most 2 s for it).
   */
  readModelDownAfterMs: 10_000,
  /**
   * npm start's processes (`superviseChildren`): one that stops by itself starts again after
   * `firstDelayMs`, the wait doubling while it keeps crashing up to `longestDelayMs`; `mostInWindow`
   * crashes within `windowMs` is a fault a restart will not mend, and stops them all.
   */
  processRestarts: {
    firstDelayMs: 1_000,
    longestDelayMs: 30_000,
    mostInWindow: 5,
    windowMs: 60_000,
  },
  /** How often `npm run projections -- rebuild` says how far it has read. */
  rebuildProgressEveryMs: 2_000,
  /** The longest landing link an ad creative may have (the advertiser's page). */
  creativeLinkChars: 500,
} as const;

export const BID_TYPES = ['Open', 'Hidden'] as const;
export const GENDERS = ['Male', 'Female'] as const;
export const SPORTS_AD_TYPES = ['Team', 'Player'] as const;
export const CONTACT_SUBJECTS = ['Feedback', 'Complaint', 'Inquiry', 'Customer care'] as const;
export const AD_SPACE_TYPES = ['authPages', 'sidePanels', 'inStream', 'betweenPosts'] as const;
export const AD_SPACE_CYCLES = ['yearly', 'halfyearly', 'quarterly', 'monthly', 'daily'] as const;
export const ROLES = ['member', 'support', 'auditor', 'admin'] as const;

/** A size limit in bytes, as its messages say it: in megabytes (10_485_760 is 10). */
export const inMegabytes = (bytes: number): number => bytes / 2 ** 20;

/**
 * Bids a list page holds: `limit` when a caller asks for fewer (the spec's bid lists and summary
 * take one), else LIMITS.bidPageSize; never more.
 */
export const bidPageSizeFor = (limit: number | undefined): number =>
  Math.min(LIMITS.bidPageSize, Math.max(1, Math.trunc(limit ?? LIMITS.bidPageSize)));

/** How many pages of `size` bids (LIMITS.bidPageSize unless a caller asked for fewer) `bids` make. */
export const bidPagesOf = (bids: number, size: number = LIMITS.bidPageSize): number =>
  Math.ceil(bids / size);
