const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** How the admin's lists write a moment the API sent as an ISO string. */
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
