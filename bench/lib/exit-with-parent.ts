// Preloaded (`node --import`) into every server the benchmark starts. The benchmark gives each
// child an IPC channel; when the benchmark dies, even by SIGKILL, the channel closes and the
// child exits, so no server is left holding the port or the database it was about to drop.
if (process.channel) {
  process.channel.unref();
  process.on('disconnect', () => process.exit(1));
}
