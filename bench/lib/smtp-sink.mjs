// A minimal SMTP sink for the jobs benchmark: accepts every message and counts it, so the mail job's end to end
// time measures our worker, not a mail catcher. Only the commands nodemailer sends without TLS or auth.
// `subjects` counts messages per Subject header, so a run can tell its own mails from others the worker sends.
import net from 'node:net';

export function startSmtpSink(port) {
  const sink = { received: 0, recipients: new Set(), subjects: new Map() };
  const server = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    const reply = (line) => socket.write(`${line}\r\n`);
    reply('220 bench-sink ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          const subject = /^Subject: (.*)$/im.exec(buffer.slice(0, end))?.[1] ?? '';
          buffer = buffer.slice(end + 5);
          inData = false;
          sink.received += 1;
          sink.subjects.set(subject, (sink.subjects.get(subject) ?? 0) + 1);
          reply('250 OK queued');
          continue;
        }
        const lineEnd = buffer.indexOf('\r\n');
        if (lineEnd === -1) return;
        const line = buffer.slice(0, lineEnd);
        buffer = buffer.slice(lineEnd + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 bench-sink');
        else if (verb === 'DATA') {
          inData = true;
          // The terminator search starts right after the command, so a message's leading \r\n counts.
          buffer = `\r\n${buffer}`;
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'RCPT') {
          sink.recipients.add(line.replace(/^RCPT TO:\s*/i, ''));
          reply('250 OK');
        } else if (verb === 'QUIT') {
          reply('221 Bye');
          socket.end();
          return;
        } else reply('250 OK');
      }
    });
    socket.on('error', () => undefined);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve({ sink, close: () => new Promise((done) => server.close(done)) }));
  });
}
