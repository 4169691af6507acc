/**
 * How a message's "Mark as unread" reaches the list around it: the list provides a function that
 * stops it marking the channel read (its machine's `read.hold`), called before the unread call
 * goes out, so a throttled mark-read falling due meanwhile cannot undo it. Outside a message list
 * nothing marks read, so there is nothing to hold.
 */
import { createContext, useContext } from 'react';

export const ReadingHoldContext = createContext<() => void>(() => {});

export const useHoldReading = (): (() => void) => useContext(ReadingHoldContext);
