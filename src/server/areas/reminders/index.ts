/**
 * Payment reminders: the company's rules of when to remind, the borrowers'
 * opt-outs, the job that chooses and queues the reminders due on a date and
 * sends them within working hours through the mailer's outbox and the SMS
 * provider (areas/messages), and the scheduler that runs it in the server.
 * This file is the area's only way in for other areas and the server's
 * composition; schema.ts declares its tables.
 */
export { ReminderScheduler, REMINDER_INTERVAL_MS } from './scheduler';
export { queueReminders, runReminders, sendQueued, type Senders } from './job';
export { activeSettings, readSettings } from './settings';
