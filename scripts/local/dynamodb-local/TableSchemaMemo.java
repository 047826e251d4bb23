import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.IOException;
import java.lang.reflect.Field;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.IndexStatus;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.shared.access.sqlite.TableSchemaInfo;
import software.amazon.dynamodb.services.local.shared.mapper.DynamoDbObjectMapper;

/**
 * DynamoDB Local, started as its own main class starts it, with one change: the table's description
 * (the JSON it keeps in its SQLite file and reads back, a 5 KB document with our four indexes) is
 * parsed once per content instead of once or twice per call, where it was a third of the JVM's CPU
 * (decision 347). Every request still reads the description from SQLite: a description that
 * changed is parsed anew, and writing any description forgets every parse. Each thread keeps its
 * own parses (each database's SQLite work runs on a thread of its own). Only the calls on items
 * and streams are answered from the memo, and only for a table whose indexes are all ACTIVE: a
 * table's update (its indexes, its time to live) changes the description it read in place before
 * it writes it back, so it parses its own as before. If a later DynamoDB Local renames what this
 * replaces, it starts unchanged.
 */
public final class TableSchemaMemo {
  /** Bumped by every description written: each thread's parses made before it are forgotten. */
  private static final AtomicLong WRITES = new AtomicLong();

  private static final class Parses {
    long writes = -1;
    final Map<ByteBuffer, Object> byContent = new HashMap<>();
  }

  /** DynamoDB Local's JSON mapper, remembering the descriptions it parsed. */
  private static final class MemoMapper extends DynamoDbObjectMapper {
    private final ThreadLocal<Parses> parses = ThreadLocal.withInitial(Parses::new);
    /** The jobs of the calls on items and streams (SQLiteDBAccess's getRecord, putRecord...), which only read a description. */
    private final Set<String> readingJobs;
    private final StackWalker stack = StackWalker.getInstance();

    MemoMapper(Set<String> readingJobs) {
      this.readingJobs = readingJobs;
    }

    @Override
    public <T> T readValue(byte[] content, Class<T> type) throws IOException {
      // Every other job parses as DynamoDB Local does: a table's update changes the description it
      // read in place before it writes it back.
      if (type != TableSchemaInfo.class || !stack.walk((frames) -> frames.limit(8).anyMatch((frame) -> readingJobs.contains(frame.getClassName())))) {
        return super.readValue(content, type);
      }
      Parses thread = parses.get();
      long writes = WRITES.get();
      if (thread.writes != writes) {
        thread.byContent.clear();
        thread.writes = writes;
      }
      ByteBuffer key = ByteBuffer.wrap(content.clone());
      Object parsed = thread.byContent.get(key);
      if (parsed == null) {
        parsed = super.readValue(content, type);
        if (settled((TableSchemaInfo) parsed)) thread.byContent.put(key, parsed);
      }
      return type.cast(parsed);
    }

    @Override
    public byte[] writeValueAsBytes(Object value) throws JsonProcessingException {
      if (value instanceof TableSchemaInfo) WRITES.incrementAndGet();
      return super.writeValueAsBytes(value);
    }

    @Override
    public String writeValueAsString(Object value) throws JsonProcessingException {
      if (value instanceof TableSchemaInfo) WRITES.incrementAndGet();
      return super.writeValueAsString(value);
    }
  }

  private static final String DB_ACCESS = "software.amazon.dynamodb.services.local.shared.access.sqlite.SQLiteDBAccess";

  /** The SQLiteDBAccess methods of the calls on items and streams, which read a description and never change it. */
  private static final Set<String> READING_METHODS = Set.of("getTableInfo", "getRecord", "putRecord", "deleteRecord", "queryRecords", "getStreamInfo", "getStreamRecords");

  /** Their jobs: SQLiteDBAccess's anonymous classes (numbered by the compiler) made in those methods. */
  private static Set<String> readingJobs() throws ClassNotFoundException {
    Set<String> jobs = new HashSet<>();
    ClassLoader loader = TableSchemaMemo.class.getClassLoader();
    for (int n = 1; ; n++) {
      Class<?> job;
      try {
        job = Class.forName(DB_ACCESS + "$" + n, false, loader);
      } catch (ClassNotFoundException end) {
        break;
      }
      if (job.getEnclosingMethod() != null && READING_METHODS.contains(job.getEnclosingMethod().getName())) jobs.add(job.getName());
    }
    if (jobs.size() < READING_METHODS.size()) throw new ClassNotFoundException(DB_ACCESS + "'s jobs of " + READING_METHODS + ": found " + jobs);
    return jobs;
  }

  /** Whether every index of the table is ACTIVE: while one is built or deleted, its description is parsed afresh at each call, as DynamoDB Local does. */
  private static boolean settled(TableSchemaInfo description) {
    if (description.getGsiDescList() == null) return true;
    for (GlobalSecondaryIndexDescription index : description.getGsiDescList()) if (index.indexStatus() != IndexStatus.ACTIVE) return false;
    return true;
  }

  /** The classes whose static mapper reads and writes the descriptions. */
  private static final String[] MAPPER_HOLDERS = {
    "software.amazon.dynamodb.services.local.shared.access.sqlite.SQLiteDBAccessJob",
    DB_ACCESS,
  };

  public static void main(String[] args) throws Exception {
    try {
      // The mappers are private static final fields: only Unsafe writes those, before any request is served.
      Field theUnsafe = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
      theUnsafe.setAccessible(true);
      sun.misc.Unsafe unsafe = (sun.misc.Unsafe) theUnsafe.get(null);
      // Both or neither: a description written through a mapper that does not remember must still forget the parses.
      Field[] fields = new Field[MAPPER_HOLDERS.length];
      for (int i = 0; i < fields.length; i++) {
        fields[i] = Class.forName(MAPPER_HOLDERS[i], true, TableSchemaMemo.class.getClassLoader()).getDeclaredField("MAPPER");
        if (fields[i].getType() != DynamoDbObjectMapper.class) throw new NoSuchFieldException(MAPPER_HOLDERS[i] + ".MAPPER is a " + fields[i].getType());
      }
      MemoMapper mapper = new MemoMapper(readingJobs());
      for (Field field : fields) unsafe.putObject(unsafe.staticFieldBase(field), unsafe.staticFieldOffset(field), mapper);
    } catch (ReflectiveOperationException | LinkageError error) {
      System.err.println("DynamoDB Local starts without its description memo: " + error);
    }
    ServerRunner.main(args);
  }
}
