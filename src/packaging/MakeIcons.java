import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.GradientPaint;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Ellipse2D;
import java.awt.geom.RoundRectangle2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.imageio.ImageIO;

/**
 * Draws the application icon (a lens over table rows) and writes it as the PNG, ICNS and ICO that
 * jpackage takes on Linux, macOS and Windows. Run from the project directory:
 * {@code java src/packaging/MakeIcons.java}. The ICNS and ICO hold PNG images, which macOS 10.7+
 * and Windows Vista+ read.
 */
public final class MakeIcons {
    public static void main(String[] args) throws IOException {
        System.setProperty("java.awt.headless", "true");
        byte[] png256 = png(draw(256));
        byte[] png512 = png(draw(512));
        Path dir = Path.of("src", "packaging");
        Files.write(dir.resolve("linux/Dynoscope.png"), png256);
        Files.write(dir.resolve("macos/Dynoscope.icns"), icns(png256, png512));
        Files.write(dir.resolve("windows/Dynoscope.ico"), ico(png256));
    }

    private static BufferedImage draw(int size) {
        BufferedImage image = new BufferedImage(size, size, BufferedImage.TYPE_INT_ARGB);
        Graphics2D g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.scale(size / 256.0, size / 256.0);
        g.setPaint(new GradientPaint(0, 0, new Color(0x2f6fd6), 0, 256, new Color(0x173a7a)));
        g.fill(new RoundRectangle2D.Double(12, 12, 232, 232, 56, 56));
        g.setColor(new Color(255, 255, 255, 90));
        for (int row = 0; row < 5; row++) {
            g.fill(new RoundRectangle2D.Double(40, 52 + row * 32, 176, 16, 8, 8));
        }
        g.setColor(Color.WHITE);
        g.setStroke(new BasicStroke(16, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
        g.draw(new Ellipse2D.Double(62, 58, 100, 100));
        g.drawLine(150, 146, 196, 192);
        g.dispose();
        return image;
    }

    private static byte[] png(BufferedImage image) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ImageIO.write(image, "png", out);
        return out.toByteArray();
    }

    /** ICNS: 'icns', total length, then entries of type, length (with header) and data; ic08 = 256 px, ic09 = 512 px. */
    private static byte[] icns(byte[] png256, byte[] png512) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        out.writeBytes("icns");
        out.writeInt(8 + 8 + png256.length + 8 + png512.length);
        out.writeBytes("ic08");
        out.writeInt(8 + png256.length);
        out.write(png256);
        out.writeBytes("ic09");
        out.writeInt(8 + png512.length);
        out.write(png512);
        return bytes.toByteArray();
    }

    /** ICO with one 256 px PNG entry (width and height 0 mean 256), little-endian. */
    private static byte[] ico(byte[] png256) {
        ByteBuffer out = ByteBuffer.allocate(6 + 16 + png256.length).order(ByteOrder.LITTLE_ENDIAN);
        out.putShort((short) 0).putShort((short) 1).putShort((short) 1);
        out.put((byte) 0).put((byte) 0).put((byte) 0).put((byte) 0);
        out.putShort((short) 1).putShort((short) 32);
        out.putInt(png256.length).putInt(6 + 16);
        out.put(png256);
        return out.array();
    }
}
